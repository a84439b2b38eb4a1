import { Migration } from '@mikro-orm/migrations';

export class Migration20261122125022_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "abilities" ("group" varchar(64) not null, "model" varchar(255) not null, "channel_id" int not null, "enabled" boolean not null default true, "priority" bigint not null default 0, "weight" int not null default 0, "tag" varchar(255) null, constraint "abilities_pkey" primary key ("group", "model", "channel_id"));`);
    this.addSql(`create index "abilities_channel_id_index" on "abilities" ("channel_id");`);
    this.addSql(`create index "abilities_tag_index" on "abilities" ("tag");`);
    this.addSql(`create index "abilities_model_group_enabled_priority_index" on "abilities" ("model", "group", "enabled", "priority");`);

    this.addSql(`create table "agents" ("agent_id" int not null, "domain" varchar(255) not null default '', "agent_agent_id" int not null default 0, "level" int not null default 0, "user_num" int not null default 0, "order_num" int not null default 0, "order_money" double precision not null default 0, "share_profit" double precision not null default 0, "share_profit_quota" bigint not null default 0, "balance_account" varchar(255) not null default '', "balance_username" varchar(64) not null default '', "balance_platform" varchar(32) not null default '', "created_at" bigint not null default 0, "deleted_at" bigint null, constraint "agents_pkey" primary key ("agent_id"));`);
    this.addSql(`create index "agents_domain_index" on "agents" ("domain");`);
    this.addSql(`create index "agents_agent_agent_id_index" on "agents" ("agent_agent_id");`);
    this.addSql(`create index "agents_deleted_at_index" on "agents" ("deleted_at");`);

    this.addSql(`create table "cache_epochs" ("section" varchar(32) not null, "version" bigint not null default 0, constraint "cache_epochs_pkey" primary key ("section"));`);

    this.addSql(`create table "channels" ("id" serial primary key, "type" int not null default 0, "key" text not null default '', "openai_organization" varchar(255) not null default '', "test_model" varchar(255) not null default '', "status" int not null default 1, "name" varchar(255) not null default '', "weight" int not null default 0, "created_time" bigint not null default 0, "test_time" bigint not null default 0, "response_time" int not null default 0, "base_url" varchar(512) not null default '', "other" text not null default '', "balance" double precision not null default 0, "balance_updated_time" bigint not null default 0, "models" text not null default '', "group" varchar(255) not null default 'default', "used_quota" bigint not null default 0, "model_mapping" text not null default '', "status_code_mapping" text not null default '', "priority" bigint not null default 0, "auto_ban" int not null default 1, "other_info" text not null default '', "tag" varchar(255) null, "setting" text not null default '', "param_override" text not null default '', "max_input_tokens" int not null default 0, "mj_type" varchar(32) not null default '');`);
    this.addSql(`create index "channels_type_index" on "channels" ("type");`);
    this.addSql(`create index "channels_status_index" on "channels" ("status");`);
    this.addSql(`create index "channels_name_index" on "channels" ("name");`);
    this.addSql(`create index "channels_tag_index" on "channels" ("tag");`);

    this.addSql(`create table "invoices" ("id" serial primary key, "user_id" int not null default 0, "agent_id" int not null default 0, "customer_name" varchar(255) not null default '', "customer_tax_id" varchar(64) not null default '', "email" varchar(255) not null default '', "total_amount" double precision not null default 0, "types" varchar(32) not null default '', "remark" text not null default '', "status" varchar(8) not null default '0', "created_time" bigint not null default 0, "updated_at" bigint not null default 0);`);
    this.addSql(`create index "invoices_user_id_index" on "invoices" ("user_id");`);
    this.addSql(`create index "invoices_agent_id_index" on "invoices" ("agent_id");`);
    this.addSql(`create index "invoices_status_index" on "invoices" ("status");`);
    this.addSql(`create index "invoices_created_time_index" on "invoices" ("created_time");`);

    this.addSql(`create table "logs" ("id" serial primary key, "user_id" int not null default 0, "created_at" bigint not null default 0, "type" int not null default 0, "content" text not null default '', "username" varchar(64) not null default '', "token_name" varchar(64) not null default '', "model_name" varchar(255) not null default '', "quota" bigint not null default 0, "prompt_tokens" int not null default 0, "completion_tokens" int not null default 0, "use_time" int not null default 0, "is_stream" boolean not null default false, "channel" int not null default 0, "channel_name" varchar(255) not null default '', "token_id" int not null default 0, "group" varchar(64) not null default '', "ip" varchar(64) not null default '', "other" text not null default '');`);
    this.addSql(`create index "logs_created_at_index" on "logs" ("created_at");`);
    this.addSql(`create index "logs_type_index" on "logs" ("type");`);
    this.addSql(`create index "logs_username_index" on "logs" ("username");`);
    this.addSql(`create index "logs_token_name_index" on "logs" ("token_name");`);
    this.addSql(`create index "logs_model_name_index" on "logs" ("model_name");`);
    this.addSql(`create index "logs_channel_index" on "logs" ("channel");`);
    this.addSql(`create index "logs_token_id_index" on "logs" ("token_id");`);
    this.addSql(`create index "logs_user_id_created_at_index" on "logs" ("user_id", "created_at");`);

    this.addSql(`create table "midjourneys" ("id" serial primary key, "code" int not null default 0, "user_id" int not null default 0, "action" varchar(40) not null default '', "mj_id" varchar(191) not null default '', "prompt" text not null default '', "prompt_en" text not null default '', "description" text not null default '', "state" text not null default '', "submit_time" bigint not null default 0, "start_time" bigint not null default 0, "finish_time" bigint not null default 0, "image_url" text not null default '', "video_urls" text not null default '', "status" varchar(20) not null default '', "progress" varchar(30) not null default '', "fail_reason" text not null default '', "channel_id" int not null default 0, "quota" bigint not null default 0, "mj_type" varchar(32) not null default '', "model_name" varchar(255) not null default '', "buttons" text not null default '', "properties" text not null default '');`);
    this.addSql(`create index "midjourneys_action_index" on "midjourneys" ("action");`);
    this.addSql(`create index "midjourneys_mj_id_index" on "midjourneys" ("mj_id");`);
    this.addSql(`create index "midjourneys_submit_time_index" on "midjourneys" ("submit_time");`);
    this.addSql(`create index "midjourneys_status_index" on "midjourneys" ("status");`);
    this.addSql(`create index "midjourneys_progress_index" on "midjourneys" ("progress");`);
    this.addSql(`create index "midjourneys_channel_id_index" on "midjourneys" ("channel_id");`);
    this.addSql(`create index "midjourneys_user_id_submit_time_index" on "midjourneys" ("user_id", "submit_time");`);

    this.addSql(`create table "options" ("key" varchar(128) not null, "value" text not null default '', constraint "options_pkey" primary key ("key"));`);

    this.addSql(`create table "quota_data" ("id" serial primary key, "user_id" int not null default 0, "username" varchar(64) not null default '', "model_name" varchar(255) not null default '', "created_at" bigint not null default 0, "token_used" bigint not null default 0, "count" int not null default 0, "quota" bigint not null default 0);`);
    this.addSql(`create index "quota_data_username_index" on "quota_data" ("username");`);
    this.addSql(`create index "quota_data_model_name_index" on "quota_data" ("model_name");`);
    this.addSql(`create index "quota_data_created_at_index" on "quota_data" ("created_at");`);
    this.addSql(`alter table "quota_data" add constraint "quota_data_user_id_model_name_created_at_unique" unique ("user_id", "model_name", "created_at");`);

    this.addSql(`create table "redemptions" ("id" serial primary key, "user_id" int not null default 0, "key" varchar(32) not null, "status" int not null default 1, "name" varchar(64) not null default '', "quota" bigint not null default 100, "created_time" bigint not null default 0, "redeemed_time" bigint not null default 0, "used_user_id" int not null default 0, "deleted_at" bigint null);`);
    this.addSql(`alter table "redemptions" add constraint "redemptions_key_unique" unique ("key");`);
    this.addSql(`create index "redemptions_name_index" on "redemptions" ("name");`);
    this.addSql(`create index "redemptions_used_user_id_index" on "redemptions" ("used_user_id");`);
    this.addSql(`create index "redemptions_deleted_at_index" on "redemptions" ("deleted_at");`);

    this.addSql(`create table "sessions" ("id" varchar(64) not null, "user_id" int not null default 0, "auth_version" int not null default 0, "data" text not null default '', "ip" varchar(64) not null default '', "created_at" bigint not null default 0, "expires_at" bigint not null, constraint "sessions_pkey" primary key ("id"));`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(`create table "settlements" ("id" serial primary key, "agent_id" int not null default 0, "clearing_quota" bigint not null default 0, "status" varchar(16) not null default 'pending', "balance_account" varchar(255) not null default '', "balance_username" varchar(64) not null default '', "balance_platform" varchar(32) not null default '', "created_time" bigint not null default 0, "updated_at" bigint not null default 0);`);
    this.addSql(`create index "settlements_status_index" on "settlements" ("status");`);
    this.addSql(`create index "settlements_agent_id_created_time_index" on "settlements" ("agent_id", "created_time");`);

    this.addSql(`create table "setups" ("id" serial primary key, "version" varchar(32) not null default '', "initialized_at" bigint not null default 0);`);

    this.addSql(`create table "tasks" ("id" serial primary key, "created_at" bigint not null default 0, "updated_at" bigint not null default 0, "task_id" varchar(191) not null default '', "platform" varchar(30) not null default '', "user_id" int not null default 0, "channel_id" int not null default 0, "quota" bigint not null default 0, "action" varchar(40) not null default '', "status" varchar(20) not null default '', "fail_reason" text not null default '', "submit_time" bigint not null default 0, "start_time" bigint not null default 0, "finish_time" bigint not null default 0, "progress" varchar(20) not null default '', "properties" text not null default '', "data" text not null default '');`);
    this.addSql(`create index "tasks_task_id_index" on "tasks" ("task_id");`);
    this.addSql(`create index "tasks_platform_index" on "tasks" ("platform");`);
    this.addSql(`create index "tasks_user_id_index" on "tasks" ("user_id");`);
    this.addSql(`create index "tasks_channel_id_index" on "tasks" ("channel_id");`);
    this.addSql(`create index "tasks_action_index" on "tasks" ("action");`);
    this.addSql(`create index "tasks_status_index" on "tasks" ("status");`);
    this.addSql(`create index "tasks_submit_time_index" on "tasks" ("submit_time");`);
    this.addSql(`create index "tasks_progress_index" on "tasks" ("progress");`);

    this.addSql(`create table "tokens" ("id" serial primary key, "user_id" int not null default 0, "key" varchar(48) not null, "status" int not null default 1, "name" varchar(64) not null default '', "created_time" bigint not null default 0, "accessed_time" bigint not null default 0, "expired_time" bigint not null default -1, "remain_quota" bigint not null default 0, "unlimited_quota" boolean not null default false, "model_limits_enabled" boolean not null default false, "model_limits" text not null default '', "allow_ips" text not null default '', "used_quota" bigint not null default 0, "group" varchar(64) not null default '', "mj_proxy" varchar(64) not null default '', "mj_model" varchar(32) not null default '', "mj_proxy_url" varchar(255) not null default '', "deleted_at" bigint null);`);
    this.addSql(`create index "tokens_user_id_index" on "tokens" ("user_id");`);
    this.addSql(`alter table "tokens" add constraint "tokens_key_unique" unique ("key");`);
    this.addSql(`create index "tokens_name_index" on "tokens" ("name");`);
    this.addSql(`create index "tokens_deleted_at_index" on "tokens" ("deleted_at");`);

    this.addSql(`create table "top_ups" ("id" serial primary key, "user_id" int not null default 0, "trade_no" varchar(64) not null, "pay_type" varchar(32) not null default '', "amount" bigint not null default 0, "money" double precision not null default 0, "status" varchar(16) not null default 'pending', "proxy_user_id" int not null default 0, "agent_commission" double precision not null default 0, "create_time" bigint not null default 0, "complete_time" bigint not null default 0);`);
    this.addSql(`alter table "top_ups" add constraint "top_ups_trade_no_unique" unique ("trade_no");`);
    this.addSql(`create index "top_ups_status_index" on "top_ups" ("status");`);
    this.addSql(`create index "top_ups_create_time_index" on "top_ups" ("create_time");`);
    this.addSql(`create index "top_ups_user_id_create_time_index" on "top_ups" ("user_id", "create_time");`);
    this.addSql(`create index "top_ups_proxy_user_id_create_time_index" on "top_ups" ("proxy_user_id", "create_time");`);

    this.addSql(`create table "users" ("id" serial primary key, "username" varchar(64) not null, "display_name" varchar(64) not null default '', "password" varchar(255) not null, "email" varchar(255) not null default '', "github_id" varchar(64) not null default '', "wechat_id" varchar(64) not null default '', "telegram_id" varchar(64) not null default '', "linux_do_id" varchar(64) not null default '', "access_token" varchar(64) null, "role" int not null default 1, "status" int not null default 1, "group" varchar(64) not null default 'default', "quota" bigint not null default 0, "used_quota" bigint not null default 0, "request_count" int not null default 0, "aff_code" varchar(32) null, "aff_count" int not null default 0, "aff_quota" bigint not null default 0, "aff_history_quota" bigint not null default 0, "inviter_id" int not null default 0, "referrer_id" int not null default 0, "agent_id" int not null default 0, "exclusive_price" double precision not null default 0, "allow_groups" text not null default '', "models_ratio" text not null default '', "order_num" int not null default 0, "setting" text not null default '', "auth_version" int not null default 0, "created_at" bigint not null default 0, "last_login_time" bigint not null default 0, "deleted_at" bigint null);`);
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`create index "users_email_index" on "users" ("email");`);
    this.addSql(`create index "users_github_id_index" on "users" ("github_id");`);
    this.addSql(`create index "users_wechat_id_index" on "users" ("wechat_id");`);
    this.addSql(`create index "users_telegram_id_index" on "users" ("telegram_id");`);
    this.addSql(`create index "users_linux_do_id_index" on "users" ("linux_do_id");`);
    this.addSql(`alter table "users" add constraint "users_access_token_unique" unique ("access_token");`);
    this.addSql(`create index "users_group_index" on "users" ("group");`);
    this.addSql(`alter table "users" add constraint "users_aff_code_unique" unique ("aff_code");`);
    this.addSql(`create index "users_inviter_id_index" on "users" ("inviter_id");`);
    this.addSql(`create index "users_referrer_id_index" on "users" ("referrer_id");`);
    this.addSql(`create index "users_agent_id_index" on "users" ("agent_id");`);
    this.addSql(`create index "users_deleted_at_index" on "users" ("deleted_at");`);

    this.addSql(`create table "verifications" ("id" serial primary key, "purpose" varchar(32) not null, "target" varchar(255) not null, "code_hash" varchar(128) not null, "attempts" int not null default 0, "expires_at" bigint not null, "used_at" bigint null, "created_at" bigint not null default 0);`);
    this.addSql(`create index "verifications_expires_at_index" on "verifications" ("expires_at");`);
    this.addSql(`create index "verifications_purpose_target_index" on "verifications" ("purpose", "target");`);
  }

}
