import { Migration } from '@mikro-orm/migrations';

export class Migration20261128135320_money_exact extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "agents" drop column "order_money", drop column "share_profit";`);

    this.addSql(`alter table "agents" add column "order_money_micros" bigint not null default 0, add column "share_profit_micros" bigint not null default 0;`);

    this.addSql(`alter table "invoices" drop column "total_amount";`);

    this.addSql(`alter table "invoices" add column "total_amount_micros" bigint not null default 0;`);

    this.addSql(`alter table "top_ups" drop column "money", drop column "agent_commission";`);

    this.addSql(`alter table "top_ups" add column "money_micros" bigint not null default 0, add column "paid_micros" bigint not null default 0, add column "agent_commission_micros" bigint not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "agents" drop column "order_money_micros", drop column "share_profit_micros";`);

    this.addSql(`alter table "agents" add column "order_money" float8 not null default 0, add column "share_profit" float8 not null default 0;`);

    this.addSql(`alter table "invoices" drop column "total_amount_micros";`);

    this.addSql(`alter table "invoices" add column "total_amount" float8 not null default 0;`);

    this.addSql(`alter table "top_ups" drop column "money_micros", drop column "paid_micros", drop column "agent_commission_micros";`);

    this.addSql(`alter table "top_ups" add column "money" float8 not null default 0, add column "agent_commission" float8 not null default 0;`);
  }

}
