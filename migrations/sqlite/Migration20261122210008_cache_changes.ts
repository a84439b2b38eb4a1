import { Migration } from '@mikro-orm/migrations';

export class Migration20261122210008_cache_changes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`cache_changes\` (\`id\` integer not null primary key autoincrement, \`section\` text not null, \`version\` bigint not null, \`ids\` text null);`);
    this.addSql(`create index \`cache_changes_section_version_index\` on \`cache_changes\` (\`section\`, \`version\`);`);
  }

}
