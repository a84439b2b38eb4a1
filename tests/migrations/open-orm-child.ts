// Child process of migrations.test.ts: opens the ORM on the target given as JSON in argv[2] (applying what is
// pending, as `gateway serve` does) and prints whether the migrator's packages were loaded into this process.
import { createRequire } from 'node:module';
import { openOrm, type OrmTarget } from '../../daemon/app/orm.js';

const orm = await openOrm(JSON.parse(process.argv[2]) as OrmTarget, { migrate: true });
await orm.close(true);
// MikroORM reads every @mikro-orm package.json at start (its version check); code is what counts.
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => /[\\/](umzug|@mikro-orm[\\/]migrations)[\\/].*\.js$/.test(k));
process.stdout.write(JSON.stringify({ migratorLoaded: loaded.length > 0 }));
