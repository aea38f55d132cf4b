// Lists or toggles feature flags: npm run flags -- list | set <key> on|off
// A switch is audit-logged like the studio's (no actor: an operator on the server).
import { parseConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedFlags } from '../features/flags/defaults.js';
import { flagsRepository } from '../features/flags/repository.js';
import { flagSwitch } from '../features/flags/switch.js';
import { rolesRepository } from '../features/auth/roles-repository.js';
import { auditLogOn } from '../plugins/audit.js';

const [command = 'list', key, value] = process.argv.slice(2);
const usage = 'Usage: npm run flags -- list | set <key> on|off';

const handle = await openDatabase(parseConfig().database);
try {
  await seedFlags(handle.db);
  const repository = flagsRepository(handle.db);
  if (command === 'list') {
    for (const flag of await repository.list()) console.log(`${flag.key}\t${flag.isEnabled ? 'on' : 'off'}`);
  } else if (command === 'set' && key && value && ['on', 'off', 'true', 'false'].includes(value)) {
    const enabled = value === 'on' || value === 'true';
    const audit = auditLogOn(handle.db, (ids) => rolesRepository(handle.db).emails(ids));
    const flag = await flagSwitch({ db: handle.db, audit })(null, key, enabled).catch(() => null);
    if (!flag) {
      console.error(
        `Unknown flag "${key}". Known flags: ${(await repository.list()).map((f) => f.key).join(', ')}`,
      );
      process.exitCode = 1;
    } else console.log(`${key} is now ${enabled ? 'on' : 'off'}`);
  } else {
    console.error(usage);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
