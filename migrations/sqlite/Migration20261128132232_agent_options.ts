import { Migration } from '@mikro-orm/migrations';

export class Migration20261128132232_agent_options extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`agent_options\` (\`agent_id\` integer not null, \`key\` text not null, \`value\` text not null default '', primary key (\`agent_id\`, \`key\`));`);
  }

}
