import { Migration } from '@mikro-orm/migrations';

export class Migration20261129011501_agents_domain_live_unique extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create unique index "agents_domain_live_unique" on "agents" ("domain") where "deleted_at" is null and "domain" <> '';`);
  }

}
