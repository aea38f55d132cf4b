/**
 * What the coach's safety check looks for, per class and language. Patterns run on normalised text
 * (lower case, accents removed, apostrophes straightened), so "suicídio" and "suicidio" match alike. Every
 * language's patterns are tried on every message: a founder may switch language mid-sentence, and a missed
 * self-harm message costs far more than a declined one. Startup idiom that borrows violent words ("kill the
 * feature", "burn rate", "our churn is killing us") must not match; test/ai/safety.test.ts keeps a list.
 */
export type SafetyClass = 'self-harm' | 'deception' | 'harm' | 'privacy' | 'injection' | 'off-topic';

type Lexicon = Record<string, RegExp[]>;

const selfHarm: Lexicon = {
  en: [
    /\bsuicid/,
    /\bkill(ing)? my ?self\b/,
    /\b(end|ending|take|taking) my (own )?life\b/,
    /\bend(ing)? it all\b/,
    /\b(want|wanna|wish|going) (to )?die\b/,
    /\b(don't|do not|dont|no longer|not) (want|wanting|wish|wishing) to (live|be alive|be here|exist|wake up|go on)\b/,
    /\bno (reason|point) (to|in) (live|living|going on)\b/,
    /\b(hurt|hurting|harm|harming|cut|cutting) my ?self\b/,
    /\bself[- ]?harm/,
    /\bbetter off (dead|without me)\b/,
    /\bcan'?t (go on|take it anymore|keep living)\b/,
    /\boverdos(e|ing)\b/,
  ],
  de: [
    /\bselbstmord/,
    /\bsuizid/,
    /\bmich (selbst )?(umbringen|toten|verletzen|ritzen)\b/,
    /\b(will|mochte|wollen) (nicht mehr )?(leben|sterben)\b/,
    /\bnicht mehr leben\b/,
    /\b(mein|meinem) leben (beenden|ein ende)/,
    /\bmir (etwas|was) antun\b/,
    /\bkeinen sinn mehr\b.*\bleben\b/,
  ],
  fr: [
    /\bsuicid/,
    /\bme (tuer|suicider|faire du mal)\b/,
    /\b(envie de|veux|voudrais) mourir\b/,
    /\ben finir\b/,
    /\b(plus|pas) envie de vivre\b/,
    /\bne (veux|souhaite) plus vivre\b/,
    /\bmettre fin a (ma vie|mes jours)\b/,
    /\bscarifi/,
  ],
  es: [
    /\bsuicid/,
    /\bmatarme\b/,
    /\b(quiero|quisiera|deseo) morir(me)?\b/,
    /\bquitarme la vida\b/,
    /\bno quiero (seguir )?vivi(r|endo)\b/,
    /\bya no quiero (vivir|estar aqui|seguir)\b/,
    /\bacabar con (mi vida|todo)\b/,
    /\b(hacerme dano|lastimarme|cortarme)\b/,
  ],
  it: [
    /\bsuicid/,
    /\b(uccidermi|ammazzarmi)\b/,
    /\b(voglio|vorrei) morire\b/,
    /\btogliermi la vita\b/,
    /\bnon (voglio|ho voglia di) (piu )?vivere\b/,
    /\bfarla finita\b/,
    /\b(farmi del male|tagliarmi)\b/,
  ],
  pt: [
    /\bsuicid/,
    /\b(me matar|matar-me)\b/,
    /\b(quero|queria) morrer\b/,
    /\btirar a (minha )?(propria )?vida\b/,
    /\bnao quero (mais )?viver\b/,
    /\bacabar com (a minha vida|tudo)\b/,
    /\b(me machucar|me ferir|me cortar)\b/,
  ],
  nl: [
    /\bzelfmoord/,
    /\bsuicid/,
    /\bmezelf (van kant maken|doden|iets aandoen|pijn doen)\b/,
    /\bwil (dood|sterven)\b/,
    /\bniet meer (leven|willen leven)\b/,
    /\b(een )?eind(e)? aan mijn leven\b/,
  ],
  sv: [/\bsjalvmord/, /\bta livet av mig\b/, /\bvill (inte leva|do)\b/],
  da: [/\bselvmord/, /\btage mit (eget )?liv\b/, /\bvil (ikke leve|do)\b/],
  pl: [/\bsamobojst/, /\bzabic sie\b/, /\bnie chce (juz )?zyc\b/],
  tr: [/\bintihar/, /\bkendimi oldur/, /\bolmek istiyorum\b/, /\byasamak istemiyorum\b/],
  ro: [/\bsinucid/, /\bsa ma omor\b/, /\bnu mai vreau sa traiesc\b/],
  ru: [/суицид/, /самоуби/, /убить себя/, /покончить с собой/, /не хочу жить/, /хочу умереть/],
  uk: [/самогубств/, /не хочу жити/, /хочу померти/],
  el: [/αυτοκτον/],
  ja: [/自殺/, /死にたい/, /消えたい/],
  zh: [/自杀/, /自殺/, /想死/, /不想活/],
  ko: [/자살/, /죽고 싶/],
  ar: [/انتحار/, /أريد أن أموت/],
  he: [/התאבד/],
  hi: [/आत्महत्या/],
};

const deception: Lexicon = {
  en: [
    /\b(inflate|pad|fudge|fake|doctor|juice|massage|exaggerate|cook) (up )?(our |my |the )?(numbers|revenue|metrics|traction|figures|books|kpis|mrr|arr|user count|users|sales|growth|reviews|testimonials)\b/,
    /\bmake (our |my |the )?(revenue|numbers|traction|metrics|growth|sales|user base|mrr|arr) (look|seem|appear) (bigger|larger|higher|better|more|bigger than)/,
    /\b(mislead|deceive|trick|fool|lie to) (the |our |my |potential )?(investors?|vcs?|angels?|board|customers|auditors?)\b/,
    /\bhide (the |our |my )?(churn|losses|debt|numbers|burn)\b.*\b(from|to) (the |our |my )?(investors?|vcs?|board)\b/,
    /\bfake (traction|it to investors|signups|sign-ups|customers|letters of intent|lois)\b/,
    /\bbackdate\b/,
    // Made-up social proof: testimonials, reviews or quotes nobody gave.
    /\b(write|create|make up|invent|generate|fabricate|draft|give me)\b.*\b(fake|false|made-up|invented|fictional|fabricated)\b.*\b(testimonials?|reviews?|quotes|references|case stud(y|ies)|endorsements?)\b/,
    /\bfake (customer |user |client )?(testimonials?|reviews?|endorsements?|quotes)\b/,
    /\b(pretend|claim) (we have|to have) (more )?(customers|users|revenue|traction)\b.*\b(than|we don'?t)\b/,
  ],
  de: [
    /\b(zahlen|umsatz|umsatze|kennzahlen|metriken|traktion) (zu )?(schonen|aufblahen|frisieren|falschen|aufhubschen)\b/,
    /\b(schonen|aufblahen|frisieren|falschen) (der |die |unsere )?(zahlen|umsatz|kennzahlen)\b/,
    /\b(umsatz|zahlen)\b.*\b(grosser|hoher|besser) (aussehen|erscheinen|wirken)\b/,
    /\b(investoren|geldgeber|investor)\b.*\b(tauschen|belugen|anlugen|hinters licht)\b/,
    /\b(tauschen|belugen|anlugen)\b.*\b(investoren|geldgeber)\b/,
  ],
  fr: [
    /\b(gonfler|truquer|maquiller|falsifier|enjoliver) (les |nos |mes |le |notre )?(chiffres|revenus|ventes|chiffre d'affaires|metriques|utilisateurs|comptes)\b/,
    /\b(tromper|mentir aux?|duper|berner) (les |nos )?(investisseurs|actionnaires)\b/,
    /\b(chiffre d'affaires|revenus?)\b.*\b(paraitre|sembler) plus (grand|gros|eleve)/,
    /\bfaux (utilisateurs|clients|chiffres|avis)\b/,
  ],
  es: [
    /\b(inflar|maquillar|falsear|falsificar|exagerar) (los |las |nuestros |nuestras |mis )?(numeros|cifras|ingresos|ventas|metricas|usuarios)\b/,
    /\b(enganar|mentir a|mentirle a) (a )?(los |nuestros )?(inversores|inversionistas)\b/,
    /\b(ingresos|ventas|numeros)\b.*\b(parecer|aparentar) (mas|mayores)\b/,
  ],
  it: [
    /\b(gonfiare|truccare|falsificare|ritoccare|esagerare) (i |le |il |nostri |nostre )?(numeri|cifre|ricavi|fatturato|vendite|metriche|utenti)\b/,
    /\b(ingannare|mentire a|mentire agli|imbrogliare) (gli )?(investitori|soci)\b/,
    /\b(fatturato|ricavi|numeri)\b.*\b(sembrare|apparire) (piu|maggior)/,
  ],
  pt: [
    /\b(inflar|maquiar|maquilhar|falsificar|exagerar) (os |as |a |nossos |nossas |nossa )?(numeros|receita|receitas|vendas|metricas|usuarios|utilizadores)\b/,
    /\b(enganar|mentir para|mentir aos|iludir) (os )?(investidores|socios)\b/,
    /\b(receita|faturamento|vendas|numeros)\b.*\b(parecer|aparentar) (maior|mais)/,
  ],
  nl: [
    /\b(cijfers|omzet|metrics|groei) (op)?(blazen|kloppen|vervalsen|mooier maken)\b/,
    /\b(opblazen|opkloppen|vervalsen) (van )?(de |onze )?(cijfers|omzet)\b/,
    /\b(investeerders|investeerder)\b.*\b(misleiden|voorliegen|bedriegen|om de tuin)\b/,
    /\b(misleiden|voorliegen|bedriegen)\b.*\binvesteerders\b/,
    /\bomzet\b.*\b(groter|hoger) (laten )?(lijken|uitzien)\b/,
  ],
};

/** People a violent verb must aim at before it counts: "kill the feature" and "killing us" stay topical. */
const person =
  "(him|her|them|someone|somebody|a person|people|my (co-?founder|partner|boss|investor|employee|wife|husband|neighbou?r)|the (co-?founder|founder|ceo|investor|competitor'?s? (founder|ceo)))";

const harm: Lexicon = {
  en: [
    new RegExp(
      `\\b(kill|hurt|harm|poison|attack|beat up|stab|shoot|punch|threaten|stalk|blackmail|dox|doxx) ${person}\\b`,
    ),
    /\b(sabotage|hack( into)?|ddos|take down) (a |the |our |my )?(competitor|rival)/,
    /\b(revenge|get back) on (my |the )?(co-?founder|investor|ex|competitor|boss)\b/,
    /\bhow (do i|to|can i) (make|build) (a )?(bomb|weapon|poison)\b/,
  ],
  de: [
    /\b(ihn|sie|jemanden|meinen mitgrunder|meinen partner|den investor) (verletzen|umbringen|toten|schlagen|bedrohen|erpressen)\b/,
    /\b(konkurrenten|wettbewerber|konkurrenz) (sabotieren|hacken)\b/,
  ],
  fr: [
    /\b(le|la|les) (tuer|blesser|frapper|menacer)\b/,
    /\bfaire du mal a (quelqu'un|mon associe|mon cofondateur|lui|elle)\b/,
    /\b(saboter|pirater) (un |le |nos |mon )?(concurrent|rival)/,
    /\bfaire chanter\b/,
  ],
  es: [
    /\b(matarlo|matarla|golpearlo|golpearla|amenazarlo|amenazarla)\b/,
    /\b(hacerle dano|lastimar) a (alguien|mi socio|mi cofundador|el|ella)\b/,
    /\b(sabotear|hackear) (a )?(un |la |mi )?(competidor|competencia|rival)/,
    /\bchantajear\b/,
  ],
  it: [
    /\b(ucciderlo|ucciderla|picchiarlo|picchiarla|minacciarlo|minacciarla)\b/,
    /\bfare del male a (qualcuno|mio socio|lui|lei)\b/,
    /\b(sabotare|hackerare) (un |il |la )?(concorrente|concorrenza|rivale)/,
    /\bricattare\b/,
  ],
  pt: [
    /\b(mata-lo|mata-la|matar ele|matar ela|bater nele|ameaca-lo)\b/,
    /\b(fazer mal a|machucar) (alguem|meu socio|ele|ela)\b/,
    /\b(sabotar|hackear) (um |o |a )?(concorrente|concorrencia|rival)/,
    /\bchantagear\b/,
  ],
  nl: [
    /\b(hem|haar|iemand|mijn medeoprichter|mijn partner) (pijn doen|vermoorden|doden|slaan|bedreigen|chanteren)\b/,
    /\b(concurrent|concurrentie) (saboteren|hacken)\b/,
  ],
};

const privacy: Lexicon = {
  en: [
    /\b(other|another|fellow|all( the)?) (founders?|users?|participants?|members?|startups?|people in (the|my) (program|cohort))'?s? (contact|e-?mail|phone|address|personal|private|data|details|numbers|chats|conversations|worksheets|answers)/,
    /\b(contact details|contact info|e-?mails?|e-?mail addresses|phone numbers?|home address(es)?|personal data|private data|chats|conversations) of (the )?(other|another|fellow|all( the)?) (founders?|users?|participants?|members?|startups?)\b/,
    /\b(list|export|dump|download) (of )?(all )?(the )?(users|founders|participants|accounts)\b.*\b(e-?mails?|contacts?|phones?|data)\b/,
    /\bwhat did (other|another) (founders?|users?) (ask|write|say)\b/,
  ],
  de: [
    /\b(kontaktdaten|e-?mail-?adressen|telefonnummern?|adressen|daten|chats)\b.*\b(anderer|der anderen|von anderen) (grunder|teilnehmer|nutzer|startups)\b/,
  ],
  fr: [
    /\b(coordonnees|e-?mails?|adresses?|numeros?( de telephone)?|donnees|conversations)\b.*\b(des autres|d'autres|d'un autre) (fondateurs|participants|utilisateurs|startups|fondateur)\b/,
  ],
  es: [
    /\b(datos de contacto|correos?|emails?|telefonos?|direcciones|datos|conversaciones)\b.*\b(de otros|de los demas|de otro) (fundadores|participantes|usuarios|startups|fundador)\b/,
  ],
  it: [
    /\b(contatti|email|indirizzi|numeri( di telefono)?|dati|conversazioni)\b.*\b(degli altri|di altri|di un altro) (fondatori|partecipanti|utenti|startup|fondatore)\b/,
  ],
  pt: [
    /\b(contatos?|contactos?|e-?mails?|telefones?|enderecos|dados|conversas)\b.*\b(de outros|dos outros|dos demais|de outro) (fundadores|participantes|usuarios|utilizadores|startups|fundador)\b/,
  ],
  nl: [
    /\b(contactgegevens|e-?mailadressen|telefoonnummers?|adressen|gegevens|chats)\b.*\b(van (de )?andere) (oprichters|deelnemers|gebruikers|startups)\b/,
  ],
};

const injection: Lexicon = {
  en: [
    /\b(ignore|disregard|forget|override|bypass) (all |any )?(of )?(your |the |my )?(previous |prior |above |earlier |initial |system )*(instructions|prompts?|rules|guidelines|directives)\b/,
    /\b(reveal|show|print|repeat|output|display|tell me|give me|share|leak|what (is|are|were)) (me )?(all )?your (full |exact |original |hidden |secret |initial )*(system ?prompt|prompt|instructions|rules|guidelines|configuration)\b/,
    /\b(reveal|show|print|repeat|output|leak) (me )?the (full |exact |original |hidden |secret |initial |system )+(prompt|instructions)\b/,
    /\bsystem ?prompt\b/,
    /\b(developer|dan|god|jailbreak) mode\b/,
    /\bjailbreak/,
    /\byou are (now|no longer) (a |an )?(unrestricted|unfiltered|different|free)/,
  ],
  de: [
    /\b(ignoriere|vergiss|missachte) (alle )?(deine |die )?(vorherigen |bisherigen )?(anweisungen|regeln|instruktionen)\b/,
    /\b(zeig|zeige|verrate|nenne|gib)( mir)? (deine|die) (anweisungen|regeln|instruktionen|systemanweisung|prompt)/,
    /\bsystem-?prompt\b/,
  ],
  fr: [
    /\b(ignore|ignorez|oublie|oubliez) (toutes )?(tes |vos |les )?(instructions|consignes|regles)( precedentes)?\b/,
    /\b(montre|revele|donne|affiche|dis)[- ]moi (tes|vos|les|ton|ta) (instructions|consignes|regles|prompt)/,
    /\bprompt (systeme|system)\b/,
  ],
  es: [
    /\b(ignora|olvida|ignore) (todas )?(tus |las )?(instrucciones|reglas)( anteriores)?\b/,
    /\b(muestrame|revela|revelame|dime|ensename) (tus|las) (instrucciones|reglas|prompt)/,
    /\bprompt del sistema\b/,
  ],
  it: [
    /\b(ignora|dimentica) (tutte )?(le )?(tue )?(istruzioni|regole)( precedenti)?\b/,
    /\b(mostrami|rivelami|rivela|dimmi) (le tue|le|il tuo) (istruzioni|regole|prompt)/,
    /\bprompt di sistema\b/,
  ],
  pt: [
    /\b(ignore|ignora|esqueca) (todas )?(as )?(suas )?(instrucoes|regras)( anteriores)?\b/,
    /\b(mostre|mostra|revele|revela|diga|me diga)( me)? (suas|as|tuas|seu) (instrucoes|regras|prompt)/,
    /\bprompt do sistema\b/,
  ],
  nl: [
    /\b(negeer|vergeet) (alle )?(je |jouw |de )?(vorige |eerdere )?(instructies|regels)\b/,
    /\b(toon|laat|vertel|geef)( me| mij)? (je|jouw|de) (instructies|regels|prompt)/,
    /\bsysteemprompt\b/,
  ],
};

const offTopic: Lexicon = {
  en: [
    /\brecipes?\b/,
    /\bhow (do i|to|should i|can i) (cook|bake|roast|grill|boil|fry)\b/,
    /\b(cook|bake|make) (a |an |the |some )?(pasta|lasagn[ae]|cake|pizza|bread|soup|curry|cookies|risotto|pancakes|omelet(te)?|steak|chicken)\b/,
    /\bweather (forecast|today|tomorrow|like)\b/,
    /\bwho won the (game|match|world cup|super bowl|league)\b/,
    /\bwho (will|is going to|'?s going to) win\b/,
    /\b(world cup|super bowl|olympics|premier league|champions league|nba finals)\b/,
    /\b(write|tell) (me )?a (poem|joke|love letter|song)\b/,
    /\bhoroscope\b/,
  ],
  de: [/\brezept/, /\b(kochen|backen|braten)\b/, /\bwetter\b/, /\bfussball\b/, /\b(gedicht|witz)\b/],
  fr: [/\brecette/, /\b(cuisiner|cuire|faire cuire)\b/, /\bmeteo\b/, /\b(poeme|blague)\b/],
  es: [
    /\breceta/,
    /\b(cocinar|hornear)\b/,
    /\b(pronostico del tiempo|que tiempo hace)\b/,
    /\b(poema|chiste)\b/,
  ],
  it: [/\bricett/, /\b(cucinare|cuocere)\b/, /\bmeteo\b/, /\b(poesia|barzelletta)\b/],
  pt: [
    /\breceita (de|para) (bolo|pao|massa|bacalhau|feijoada|lasanha|sopa|frango|arroz)\b/,
    /\b(cozinhar|assar)\b/,
    /\bprevisao do tempo\b/,
    /\b(poema|piada)\b/,
  ],
  nl: [/\brecept/, /\b(koken|bakken)\b/, /\bweerbericht\b/, /\b(gedicht|grap|mop)\b/],
};

/**
 * Words that put a message back on topic for the off-topic class only: a food-delivery startup asking about
 * its recipe app's pricing is the coach's business. The other classes ignore them on purpose.
 */
export const startupWords =
  /\b(startups?|founders?|customers?|clients?|kunden|klanten|clientes|clienti|users?|pricing|price|preis|prix|precio|prezzo|preco|prijs|investors?|investoren|investisseurs|inversores|investitori|investidores|investeerders|revenue|umsatz|market|markt|marche|mercado|mercato|products?|produkt|produit|producto|prodotto|produto|mvp|business|app|company|pitch|program|mission|step|milestone|restaurants?|food ?tech|menu|marketing|sales?|b2b|b2c|saas)\b/;

export const lexicons: [SafetyClass, Lexicon][] = [
  // Order matters: a message both in distress and off topic gets the crisis reply.
  ['self-harm', selfHarm],
  ['harm', harm],
  ['deception', deception],
  ['privacy', privacy],
  ['injection', injection],
  ['off-topic', offTopic],
];

/** Lower case without accents, with straight apostrophes, so one pattern serves "déçu" and "decu". */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/ß/g, 'ss')
    .toLowerCase();
}
