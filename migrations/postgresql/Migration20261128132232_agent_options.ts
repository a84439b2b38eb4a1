import { Migration } from '@mikro-orm/migrations';

export class Migration20261128132232_agent_options extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "agent_options" ("agent_id" int not null, "key" varchar(128) not null, "value" text not null default '', constraint "agent_options_pkey" primary key ("agent_id", "key"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "agent_options" cascade;`);
  }

}
