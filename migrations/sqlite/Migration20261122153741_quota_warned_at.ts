import { Migration } from '@mikro-orm/migrations';

export class Migration20261122153741_quota_warned_at extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`users\` add column \`quota_warned_at\` bigint not null default 0;`);
  }

}
