import { Migration } from '@mikro-orm/migrations';

export class Migration20261122210009_cache_changes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "cache_changes" ("id" serial primary key, "section" varchar(32) not null, "version" bigint not null, "ids" text null);`);
    this.addSql(`create index "cache_changes_section_version_index" on "cache_changes" ("section", "version");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "cache_changes" cascade;`);
  }

}
