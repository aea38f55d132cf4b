import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, parseConfig, type Config } from './config.js';

function loadConfig(): Config {
  try {
    return parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfig();
const app = await buildApp(config);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an uncaught error');
  else app.log.info(`${signal} received, closing`);
  await app.close();
});

const demoManager =
  config.SEED_DEMO && !config.isProduction
    ? (await app.auth.ensureDemoAccount(config.DEMO_EMAIL, config.DEMO_PASSWORD),
      await app.auth.ensureDemoManager(config.DEMO_MANAGER_EMAIL, config.DEMO_PASSWORD))
    : null;

await app.listen({ host: config.HOST, port: config.PORT });

const database =
  config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`;
const lines = [
  '',
  `  Liftoff is running at ${config.APP_URL}`,
  `  API docs:  ${config.APP_URL}/api/docs`,
  `  Database:  ${database}`,
  `  Mail:      ${config.SMTP_URL ? 'SMTP (SMTP_URL)' : `development outbox (${config.APP_URL}/api/dev/mailbox)`}`,
  ...(config.SEED_DEMO && !config.isProduction
    ? [`  Demo account: ${config.DEMO_EMAIL} / ${config.DEMO_PASSWORD}`]
    : []),
  ...(demoManager
    ? [
        `  Demo manager: ${demoManager.email} / ${config.DEMO_PASSWORD} (studio at ${config.APP_URL}/studio)`,
        demoManager.secret
          ? `                authenticator key ${demoManager.secret} (add it to an authenticator app for the code)`
          : '                two-factor was changed on this account; sign in with its current method',
      ]
    : []),
  '',
];
console.log(lines.join('\n'));
