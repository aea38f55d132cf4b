// Grants, removes and lists roles: npm run users -- grant <role> <email> | revoke <role> <email> | list
// The first admin is made here; after that, admins manage roles in the studio. Every change is audit-logged.
// `invite-expert <email>` mails the expert of that profile a sign-up link, as the studio's invite does.
import { roleSchema, type Person } from '@liftoff/contracts/auth';
import { pino } from 'pino';
import { parseConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { rolesRepository } from '../features/auth/roles-repository.js';
import { createRolesService } from '../features/auth/roles-service.js';
import { createPortalService } from '../features/experts/portal-service.js';
import { auditLogOn } from '../plugins/audit.js';
import { cliMailer } from './mailer.js';

const [command = 'list', role, email] = process.argv.slice(2);
const usage = `Usage: npm run users -- grant <role> <email> | revoke <role> <email> | list | invite-expert <email>
Roles: ${roleSchema.options.join(', ')}`;
const line = (p: Person) =>
  `${p.email}\t${p.roles.join(',') || '-'}\ttwo-factor ${p.twoFactorEnabled ? 'on' : 'off'}`;

const handle = await openDatabase(parseConfig().database);
try {
  const audit = auditLogOn(handle.db, (ids) => rolesRepository(handle.db).emails(ids));
  const roles = createRolesService({ db: handle.db, audit });
  if (command === 'list') {
    const team = new Map<string, Person>();
    for (const r of ['admin', 'manager', 'expert'] as const)
      for (const p of await roles.withRole(r)) team.set(p.id, p);
    if (!team.size) console.log('Nobody holds a role besides founder yet.');
    for (const p of [...team.values()].sort((a, b) => a.email.localeCompare(b.email))) console.log(line(p));
  } else if (command === 'invite-expert' && role) {
    const config = parseConfig();
    const invitation = await createPortalService({
      db: handle.db,
      mailer: cliMailer(handle.db),
      log: pino({ level: 'warn' }),
      appUrl: config.APP_URL,
      audit,
      publish: () => undefined,
      grantExpertRole: async (userId) => void (await roles.grant(null, userId, 'expert')),
    })
      .invite(null, role)
      .catch((error: Error) => {
        console.error(error.message);
        process.exitCode = 1;
        return null;
      });
    if (invitation)
      console.log(`Invited ${invitation.email}${invitation.linked ? ' (already has an account)' : ''}.`);
  } else if ((command === 'grant' || command === 'revoke') && role && email) {
    const parsed = roleSchema.safeParse(role);
    const person = parsed.success ? await roles.findByEmail(email) : undefined;
    if (!parsed.success) {
      console.error(`Unknown role "${role}". ${usage}`);
      process.exitCode = 1;
    } else if (!person) {
      console.error(`No account with the e-mail ${email}. They sign up first.`);
      process.exitCode = 1;
    } else {
      const after = await roles[command](null, person.id, parsed.data);
      console.log(line(after));
      if (
        command === 'grant' &&
        parsed.data !== 'founder' &&
        parsed.data !== 'expert' &&
        !after.twoFactorEnabled
      )
        console.log('They must turn on two-factor authentication in their profile before the studio opens.');
    }
  } else {
    console.error(usage);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
