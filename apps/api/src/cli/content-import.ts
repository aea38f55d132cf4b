// Imports the content pack (apps/api/content) into the database: npm run content:import
// Each importer validates its part first and refuses a bad file with the file and field named.
import { parseConfig } from '../config.js';
import { openDatabase, type Db } from '../db/client.js';
import { importBlog } from '../features/explore/import.js';
import { importProgramPack } from '../content/program-pack.js';
import { contentDir } from '../lib/paths.js';

interface Importer {
  name: string;
  run(db: Db): Promise<unknown>;
}

/** In order; add an importer here to have it run by this command. */
export const importers: Importer[] = [
  { name: 'blog', run: (db) => importBlog(db) },
  {
    name: 'experts, programs, popular questions and settings',
    run: (db) => importProgramPack(db, contentDir),
  },
];

const handle = await openDatabase(parseConfig().database);
try {
  for (const importer of importers) {
    const result = await importer.run(handle.db);
    console.log(`${importer.name}: ${JSON.stringify(result)}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
