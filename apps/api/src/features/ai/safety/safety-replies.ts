import type { SafetyClass } from './safety-lexicon.js';

/** What a safety reply may mention about the founder: only where they are, never program content. */
export interface ReplyFacts {
  firstName: string | null;
  missionName: string | null;
  /** The configured crisis lines, already formatted as Markdown list items. */
  resources: string[];
}

type Reply = (facts: ReplyFacts) => string;

const list = (facts: ReplyFacts) => facts.resources.map((r) => `- ${r}`).join('\n');
const hello = (facts: ReplyFacts, word: string) => (facts.firstName ? `${facts.firstName}, ${word}` : word);

/**
 * The crisis reply: warm, short, serious, with the crisis lines and a person to talk to, and nothing about the
 * program. Written for each language the coach detects most often; others get English.
 */
const selfHarm: Record<string, Reply> = {
  en: (f) =>
    `${hello(f, 'I')}'m really sorry you're feeling this way, and I'm glad you told me. What you're going through matters more than any milestone.\n\nIf you are thinking about ending your life or hurting yourself, please reach out to someone now:\n\n${list(f)}\n\nIf you can, talk to someone you trust today — a friend, someone in your family, or a person on your program team. You don't have to carry this alone.`,
  de: (f) =>
    `${hello(f, 'es')} tut mir sehr leid, dass es dir so geht, und gut, dass du es mir sagst. Wie es dir geht, ist wichtiger als jeder Meilenstein.\n\nWenn du daran denkst, dir das Leben zu nehmen oder dir etwas anzutun, wende dich bitte jetzt an jemanden:\n\n${list(f)}\n\nSprich, wenn du kannst, noch heute mit jemandem, dem du vertraust — einer Freundin, einem Freund, deiner Familie oder jemandem aus deinem Programmteam. Du musst das nicht allein tragen.`,
  fr: (f) =>
    `${hello(f, 'je')} suis vraiment désolé que tu te sentes ainsi, et merci de me l'avoir dit. Ce que tu vis compte plus que n'importe quelle étape du programme.\n\nSi tu penses à mettre fin à ta vie ou à te faire du mal, contacte quelqu'un dès maintenant :\n\n${list(f)}\n\nSi tu le peux, parle aujourd'hui à une personne de confiance — un ami, quelqu'un de ta famille ou une personne de l'équipe de ton programme. Tu n'as pas à porter cela seul.`,
  es: (f) =>
    `${hello(f, 'siento')} mucho que te sientas así, y me alegra que me lo hayas contado. Lo que estás viviendo importa más que cualquier hito.\n\nSi estás pensando en quitarte la vida o en hacerte daño, por favor busca ayuda ahora:\n\n${list(f)}\n\nSi puedes, habla hoy con alguien de confianza: un amigo, alguien de tu familia o una persona del equipo de tu programa. No tienes que cargar con esto a solas.`,
  it: (f) =>
    `${hello(f, 'mi')} dispiace davvero che tu ti senta così, e sono contento che tu me l'abbia detto. Quello che stai vivendo conta più di qualsiasi traguardo.\n\nSe stai pensando di toglierti la vita o di farti del male, per favore contatta qualcuno adesso:\n\n${list(f)}\n\nSe puoi, parla oggi con qualcuno di cui ti fidi: un amico, qualcuno della tua famiglia o una persona del team del tuo programma. Non devi affrontarlo da solo.`,
  pt: (f) =>
    `${hello(f, 'sinto')} muito que você esteja se sentindo assim, e fico feliz que tenha me contado. O que você está vivendo importa mais do que qualquer marco.\n\nSe você está pensando em tirar a própria vida ou em se machucar, por favor procure ajuda agora:\n\n${list(f)}\n\nSe puder, fale hoje com alguém de confiança — um amigo, alguém da sua família ou uma pessoa da equipe do seu programa. Você não precisa carregar isso sozinho.`,
  nl: (f) =>
    `${hello(f, 'het')} spijt me echt dat je je zo voelt, en goed dat je het me vertelt. Hoe het met jou gaat is belangrijker dan welke mijlpaal ook.\n\nAls je eraan denkt een eind aan je leven te maken of jezelf iets aan te doen, neem dan nu contact op met iemand:\n\n${list(f)}\n\nPraat als het kan vandaag nog met iemand die je vertrouwt — een vriend, iemand uit je familie of iemand van je programmateam. Je hoeft dit niet alleen te dragen.`,
};

/** Declines, one per class, with the honest alternative where there is one. */
const declines: Record<Exclude<SafetyClass, 'self-harm' | 'off-topic'>, Record<string, Reply>> = {
  deception: {
    en: () =>
      "I can't help make numbers look better than they are or mislead investors — it breaks their trust and can be fraud. I can help you present your real traction honestly: the trend, what you learned, and what the next milestone will prove.",
    de: () =>
      'Dabei, Zahlen besser aussehen zu lassen, als sie sind, oder Investoren zu täuschen, helfe ich nicht — das zerstört Vertrauen und kann Betrug sein. Gern helfe ich dir, deine echte Traktion ehrlich zu zeigen: den Trend, was du gelernt hast und was der nächste Meilenstein beweisen soll.',
    fr: () =>
      "Je ne peux pas t'aider à embellir les chiffres ou à tromper des investisseurs : cela détruit leur confiance et peut être une fraude. Je peux t'aider à présenter honnêtement ta vraie traction : la tendance, ce que tu as appris et ce que la prochaine étape prouvera.",
    es: () =>
      'No puedo ayudarte a hacer que los números parezcan mejores de lo que son ni a engañar a inversores: rompe su confianza y puede ser fraude. Sí puedo ayudarte a presentar tu tracción real con honestidad: la tendencia, lo que aprendiste y lo que demostrará el próximo hito.',
    it: () =>
      'Non posso aiutarti a far sembrare i numeri migliori di quanto siano o a ingannare gli investitori: distrugge la fiducia e può essere una frode. Posso aiutarti a presentare la tua trazione reale in modo onesto: il trend, cosa hai imparato e cosa dimostrerà il prossimo traguardo.',
    pt: () =>
      'Não posso ajudar a fazer os números parecerem melhores do que são nem a enganar investidores: isso quebra a confiança e pode ser fraude. Posso ajudar você a apresentar sua tração real com honestidade: a tendência, o que aprendeu e o que o próximo marco vai provar.',
    nl: () =>
      'Ik help niet om cijfers mooier te laten lijken dan ze zijn of investeerders te misleiden — dat schaadt hun vertrouwen en kan fraude zijn. Ik help je graag je echte tractie eerlijk te presenteren: de trend, wat je geleerd hebt en wat de volgende mijlpaal moet bewijzen.',
  },
  harm: {
    en: () =>
      "I can't help with hurting, threatening or sabotaging anyone. If a conflict with a co-founder, investor or competitor is behind this, I can help you think through a fair way to resolve it — and your program team can help too.",
    de: () =>
      'Dabei, jemandem zu schaden, ihn zu bedrohen oder zu sabotieren, helfe ich nicht. Steckt ein Konflikt mit Mitgründern, Investoren oder Wettbewerbern dahinter, helfe ich dir gern, einen fairen Weg zu finden — dein Programmteam auch.',
    fr: () =>
      "Je ne peux pas aider à blesser, menacer ou saboter qui que ce soit. Si un conflit avec un associé, un investisseur ou un concurrent est en cause, je peux t'aider à trouver une issue juste — l'équipe de ton programme aussi.",
    es: () =>
      'No puedo ayudar a hacer daño, amenazar o sabotear a nadie. Si detrás hay un conflicto con un socio, un inversor o un competidor, puedo ayudarte a buscar una salida justa, y el equipo de tu programa también.',
    it: () =>
      'Non posso aiutare a fare del male, minacciare o sabotare nessuno. Se dietro c’è un conflitto con un socio, un investitore o un concorrente, posso aiutarti a trovare una soluzione corretta, e anche il team del tuo programma.',
    pt: () =>
      'Não posso ajudar a machucar, ameaçar ou sabotar ninguém. Se há um conflito com um sócio, investidor ou concorrente por trás disso, posso ajudar você a encontrar uma saída justa — e a equipe do seu programa também.',
    nl: () =>
      'Ik help niet om iemand pijn te doen, te bedreigen of te saboteren. Zit er een conflict met een medeoprichter, investeerder of concurrent achter, dan help ik je graag een eerlijke oplossing te vinden — je programmateam ook.',
  },
  privacy: {
    en: () =>
      "I can't share other founders' or users' contact details or data — they are theirs to share. If you'd like to connect with other founders, ask your program team for an introduction, or ask an expert through Liftoff.",
    de: () =>
      'Kontaktdaten oder Daten anderer Gründer und Nutzer gebe ich nicht weiter — das entscheiden sie selbst. Wenn du dich mit anderen Gründern vernetzen willst, bitte dein Programmteam um eine Vorstellung oder frag über Liftoff eine Expertin oder einen Experten.',
    fr: () =>
      "Je ne peux pas partager les coordonnées ou les données d'autres fondateurs ou utilisateurs : c'est à eux de les partager. Pour rencontrer d'autres fondateurs, demande une mise en relation à l'équipe de ton programme, ou pose ta question à un expert sur Liftoff.",
    es: () =>
      'No puedo compartir los datos de contacto ni la información de otros fundadores o usuarios: les corresponde a ellos. Si quieres conectar con otros fundadores, pide una presentación al equipo de tu programa o pregunta a un experto en Liftoff.',
    it: () =>
      'Non posso condividere i contatti o i dati di altri fondatori o utenti: spetta a loro farlo. Se vuoi entrare in contatto con altri fondatori, chiedi una presentazione al team del tuo programma o fai una domanda a un esperto su Liftoff.',
    pt: () =>
      'Não posso compartilhar os contatos ou dados de outros fundadores ou usuários — cabe a eles fazê-lo. Se quiser se conectar com outros fundadores, peça uma apresentação à equipe do seu programa ou pergunte a um especialista no Liftoff.',
    nl: () =>
      'Contactgegevens of gegevens van andere oprichters of gebruikers deel ik niet — dat beslissen zij zelf. Wil je andere oprichters leren kennen, vraag dan je programmateam om een introductie of stel een expert je vraag via Liftoff.',
  },
  injection: {
    en: () =>
      "I can't share or change the instructions I work under. I'm here to coach you through your program — ask me about your current step, your startup or anything in the Liftoff blog.",
    de: () =>
      'Meine Anweisungen gebe ich nicht preis und ändere sie nicht. Ich begleite dich durch dein Programm — frag mich zu deinem aktuellen Schritt, deinem Startup oder zum Liftoff-Blog.',
    fr: () =>
      "Je ne peux ni dévoiler ni changer les instructions qui me guident. Je suis là pour t'accompagner dans ton programme : pose-moi une question sur ton étape en cours, ta startup ou le blog Liftoff.",
    es: () =>
      'No puedo revelar ni cambiar las instrucciones con las que trabajo. Estoy aquí para acompañarte en tu programa: pregúntame por tu paso actual, tu startup o el blog de Liftoff.',
    it: () =>
      'Non posso rivelare né cambiare le istruzioni con cui lavoro. Sono qui per accompagnarti nel tuo programma: chiedimi del tuo passo attuale, della tua startup o del blog di Liftoff.',
    pt: () =>
      'Não posso revelar nem mudar as instruções com que trabalho. Estou aqui para acompanhar você no seu programa — pergunte sobre o seu passo atual, a sua startup ou o blog do Liftoff.',
    nl: () =>
      'Mijn instructies deel of verander ik niet. Ik begeleid je door je programma — vraag me naar je huidige stap, je startup of de Liftoff-blog.',
  },
};

/** One sentence on what the coach is for, and an offer about the founder's own program. */
const offTopic: Record<string, Reply> = {
  en: (f) =>
    `I'm your startup coach, so I stick to building your company and your Liftoff program. ${f.missionName ? `Shall we look at your current mission, **${f.missionName}**?` : 'Shall we look at what to do next in your program?'}`,
  de: (f) =>
    `Ich bin dein Startup-Coach und bleibe beim Aufbau deines Unternehmens und deinem Liftoff-Programm. ${f.missionName ? `Sollen wir uns deine aktuelle Mission **${f.missionName}** ansehen?` : 'Sollen wir schauen, was in deinem Programm als Nächstes ansteht?'}`,
  fr: (f) =>
    `Je suis ton coach startup : je m'en tiens à la construction de ton entreprise et à ton programme Liftoff. ${f.missionName ? `On regarde ta mission en cours, **${f.missionName}** ?` : 'On regarde la suite de ton programme ?'}`,
  es: (f) =>
    `Soy tu coach de startups, así que me centro en construir tu empresa y en tu programa de Liftoff. ${f.missionName ? `¿Vemos tu misión actual, **${f.missionName}**?` : '¿Vemos qué sigue en tu programa?'}`,
  it: (f) =>
    `Sono il tuo coach per la startup, quindi mi occupo di far crescere la tua azienda e del tuo programma Liftoff. ${f.missionName ? `Vuoi che guardiamo la tua missione attuale, **${f.missionName}**?` : 'Vuoi che guardiamo il prossimo passo del tuo programma?'}`,
  pt: (f) =>
    `Sou o seu coach de startup, por isso fico com a construção da sua empresa e o seu programa Liftoff. ${f.missionName ? `Vamos ver a sua missão atual, **${f.missionName}**?` : 'Vamos ver o próximo passo do seu programa?'}`,
  nl: (f) =>
    `Ik ben je startupcoach, dus ik houd het bij het bouwen van je bedrijf en je Liftoff-programma. ${f.missionName ? `Zullen we naar je huidige missie kijken, **${f.missionName}**?` : 'Zullen we kijken wat de volgende stap in je programma is?'}`,
};

/** The reply for a class in the founder's language, or English where there is no text for it. */
export function safetyReply(kind: SafetyClass, language: string, facts: ReplyFacts): string {
  const table = kind === 'self-harm' ? selfHarm : kind === 'off-topic' ? offTopic : declines[kind];
  return (table[language] ?? table.en!)(facts);
}

/** Languages the replies are written in; anything else is answered in English. */
export const replyLanguages = Object.keys(selfHarm);
