import { Migration } from '@mikro-orm/migrations';

export class Migration20261122125021_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`abilities\` (\`group\` text not null, \`model\` text not null, \`channel_id\` integer not null, \`enabled\` integer not null default true, \`priority\` bigint not null default 0, \`weight\` integer not null default 0, \`tag\` text null, primary key (\`group\`, \`model\`, \`channel_id\`));`);
    this.addSql(`create index \`abilities_channel_id_index\` on \`abilities\` (\`channel_id\`);`);
    this.addSql(`create index \`abilities_tag_index\` on \`abilities\` (\`tag\`);`);
    this.addSql(`create index \`abilities_model_group_enabled_priority_index\` on \`abilities\` (\`model\`, \`group\`, \`enabled\`, \`priority\`);`);

    this.addSql(`create table \`agents\` (\`agent_id\` integer not null, \`domain\` text not null default '', \`agent_agent_id\` integer not null default 0, \`level\` integer not null default 0, \`user_num\` integer not null default 0, \`order_num\` integer not null default 0, \`order_money\` double not null default 0, \`share_profit\` double not null default 0, \`share_profit_quota\` bigint not null default 0, \`balance_account\` text not null default '', \`balance_username\` text not null default '', \`balance_platform\` text not null default '', \`created_at\` bigint not null default 0, \`deleted_at\` bigint null, primary key (\`agent_id\`));`);
    this.addSql(`create index \`agents_domain_index\` on \`agents\` (\`domain\`);`);
    this.addSql(`create index \`agents_agent_agent_id_index\` on \`agents\` (\`agent_agent_id\`);`);
    this.addSql(`create index \`agents_deleted_at_index\` on \`agents\` (\`deleted_at\`);`);

    this.addSql(`create table \`cache_epochs\` (\`section\` text not null, \`version\` bigint not null default 0, primary key (\`section\`));`);

    this.addSql(`create table \`channels\` (\`id\` integer not null primary key autoincrement, \`type\` integer not null default 0, \`key\` text not null default '', \`openai_organization\` text not null default '', \`test_model\` text not null default '', \`status\` integer not null default 1, \`name\` text not null default '', \`weight\` integer not null default 0, \`created_time\` bigint not null default 0, \`test_time\` bigint not null default 0, \`response_time\` integer not null default 0, \`base_url\` text not null default '', \`other\` text not null default '', \`balance\` double not null default 0, \`balance_updated_time\` bigint not null default 0, \`models\` text not null default '', \`group\` text not null default 'default', \`used_quota\` bigint not null default 0, \`model_mapping\` text not null default '', \`status_code_mapping\` text not null default '', \`priority\` bigint not null default 0, \`auto_ban\` integer not null default 1, \`other_info\` text not null default '', \`tag\` text null, \`setting\` text not null default '', \`param_override\` text not null default '', \`max_input_tokens\` integer not null default 0, \`mj_type\` text not null default '');`);
    this.addSql(`create index \`channels_type_index\` on \`channels\` (\`type\`);`);
    this.addSql(`create index \`channels_status_index\` on \`channels\` (\`status\`);`);
    this.addSql(`create index \`channels_name_index\` on \`channels\` (\`name\`);`);
    this.addSql(`create index \`channels_tag_index\` on \`channels\` (\`tag\`);`);

    this.addSql(`create table \`invoices\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null default 0, \`agent_id\` integer not null default 0, \`customer_name\` text not null default '', \`customer_tax_id\` text not null default '', \`email\` text not null default '', \`total_amount\` double not null default 0, \`types\` text not null default '', \`remark\` text not null default '', \`status\` text not null default '0', \`created_time\` bigint not null default 0, \`updated_at\` bigint not null default 0);`);
    this.addSql(`create index \`invoices_user_id_index\` on \`invoices\` (\`user_id\`);`);
    this.addSql(`create index \`invoices_agent_id_index\` on \`invoices\` (\`agent_id\`);`);
    this.addSql(`create index \`invoices_status_index\` on \`invoices\` (\`status\`);`);
    this.addSql(`create index \`invoices_created_time_index\` on \`invoices\` (\`created_time\`);`);

    this.addSql(`create table \`logs\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null default 0, \`created_at\` bigint not null default 0, \`type\` integer not null default 0, \`content\` text not null default '', \`username\` text not null default '', \`token_name\` text not null default '', \`model_name\` text not null default '', \`quota\` bigint not null default 0, \`prompt_tokens\` integer not null default 0, \`completion_tokens\` integer not null default 0, \`use_time\` integer not null default 0, \`is_stream\` integer not null default false, \`channel\` integer not null default 0, \`channel_name\` text not null default '', \`token_id\` integer not null default 0, \`group\` text not null default '', \`ip\` text not null default '', \`other\` text not null default '');`);
    this.addSql(`create index \`logs_created_at_index\` on \`logs\` (\`created_at\`);`);
    this.addSql(`create index \`logs_type_index\` on \`logs\` (\`type\`);`);
    this.addSql(`create index \`logs_username_index\` on \`logs\` (\`username\`);`);
    this.addSql(`create index \`logs_token_name_index\` on \`logs\` (\`token_name\`);`);
    this.addSql(`create index \`logs_model_name_index\` on \`logs\` (\`model_name\`);`);
    this.addSql(`create index \`logs_channel_index\` on \`logs\` (\`channel\`);`);
    this.addSql(`create index \`logs_token_id_index\` on \`logs\` (\`token_id\`);`);
    this.addSql(`create index \`logs_user_id_created_at_index\` on \`logs\` (\`user_id\`, \`created_at\`);`);

    this.addSql(`create table \`midjourneys\` (\`id\` integer not null primary key autoincrement, \`code\` integer not null default 0, \`user_id\` integer not null default 0, \`action\` text not null default '', \`mj_id\` text not null default '', \`prompt\` text not null default '', \`prompt_en\` text not null default '', \`description\` text not null default '', \`state\` text not null default '', \`submit_time\` bigint not null default 0, \`start_time\` bigint not null default 0, \`finish_time\` bigint not null default 0, \`image_url\` text not null default '', \`video_urls\` text not null default '', \`status\` text not null default '', \`progress\` text not null default '', \`fail_reason\` text not null default '', \`channel_id\` integer not null default 0, \`quota\` bigint not null default 0, \`mj_type\` text not null default '', \`model_name\` text not null default '', \`buttons\` text not null default '', \`properties\` text not null default '');`);
    this.addSql(`create index \`midjourneys_action_index\` on \`midjourneys\` (\`action\`);`);
    this.addSql(`create index \`midjourneys_mj_id_index\` on \`midjourneys\` (\`mj_id\`);`);
    this.addSql(`create index \`midjourneys_submit_time_index\` on \`midjourneys\` (\`submit_time\`);`);
    this.addSql(`create index \`midjourneys_status_index\` on \`midjourneys\` (\`status\`);`);
    this.addSql(`create index \`midjourneys_progress_index\` on \`midjourneys\` (\`progress\`);`);
    this.addSql(`create index \`midjourneys_channel_id_index\` on \`midjourneys\` (\`channel_id\`);`);
    this.addSql(`create index \`midjourneys_user_id_submit_time_index\` on \`midjourneys\` (\`user_id\`, \`submit_time\`);`);

    this.addSql(`create table \`options\` (\`key\` text not null, \`value\` text not null default '', primary key (\`key\`));`);

    this.addSql(`create table \`quota_data\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null default 0, \`username\` text not null default '', \`model_name\` text not null default '', \`created_at\` bigint not null default 0, \`token_used\` bigint not null default 0, \`count\` integer not null default 0, \`quota\` bigint not null default 0);`);
    this.addSql(`create index \`quota_data_username_index\` on \`quota_data\` (\`username\`);`);
    this.addSql(`create index \`quota_data_model_name_index\` on \`quota_data\` (\`model_name\`);`);
    this.addSql(`create index \`quota_data_created_at_index\` on \`quota_data\` (\`created_at\`);`);
    this.addSql(`create unique index \`quota_data_user_id_model_name_created_at_unique\` on \`quota_data\` (\`user_id\`, \`model_name\`, \`created_at\`);`);

    this.addSql(`create table \`redemptions\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null default 0, \`key\` text not null, \`status\` integer not null default 1, \`name\` text not null default '', \`quota\` bigint not null default 100, \`created_time\` bigint not null default 0, \`redeemed_time\` bigint not null default 0, \`used_user_id\` integer not null default 0, \`deleted_at\` bigint null);`);
    this.addSql(`create unique index \`redemptions_key_unique\` on \`redemptions\` (\`key\`);`);
    this.addSql(`create index \`redemptions_name_index\` on \`redemptions\` (\`name\`);`);
    this.addSql(`create index \`redemptions_used_user_id_index\` on \`redemptions\` (\`used_user_id\`);`);
    this.addSql(`create index \`redemptions_deleted_at_index\` on \`redemptions\` (\`deleted_at\`);`);

    this.addSql(`create table \`sessions\` (\`id\` text not null, \`user_id\` integer not null default 0, \`auth_version\` integer not null default 0, \`data\` text not null default '', \`ip\` text not null default '', \`created_at\` bigint not null default 0, \`expires_at\` bigint not null, primary key (\`id\`));`);
    this.addSql(`create index \`sessions_user_id_index\` on \`sessions\` (\`user_id\`);`);
    this.addSql(`create index \`sessions_expires_at_index\` on \`sessions\` (\`expires_at\`);`);

    this.addSql(`create table \`settlements\` (\`id\` integer not null primary key autoincrement, \`agent_id\` integer not null default 0, \`clearing_quota\` bigint not null default 0, \`status\` text not null default 'pending', \`balance_account\` text not null default '', \`balance_username\` text not null default '', \`balance_platform\` text not null default '', \`created_time\` bigint not null default 0, \`updated_at\` bigint not null default 0);`);
    this.addSql(`create index \`settlements_status_index\` on \`settlements\` (\`status\`);`);
    this.addSql(`create index \`settlements_agent_id_created_time_index\` on \`settlements\` (\`agent_id\`, \`created_time\`);`);

    this.addSql(`create table \`setups\` (\`id\` integer not null primary key autoincrement, \`version\` text not null default '', \`initialized_at\` bigint not null default 0);`);

    this.addSql(`create table \`tasks\` (\`id\` integer not null primary key autoincrement, \`created_at\` bigint not null default 0, \`updated_at\` bigint not null default 0, \`task_id\` text not null default '', \`platform\` text not null default '', \`user_id\` integer not null default 0, \`channel_id\` integer not null default 0, \`quota\` bigint not null default 0, \`action\` text not null default '', \`status\` text not null default '', \`fail_reason\` text not null default '', \`submit_time\` bigint not null default 0, \`start_time\` bigint not null default 0, \`finish_time\` bigint not null default 0, \`progress\` text not null default '', \`properties\` text not null default '', \`data\` text not null default '');`);
    this.addSql(`create index \`tasks_task_id_index\` on \`tasks\` (\`task_id\`);`);
    this.addSql(`create index \`tasks_platform_index\` on \`tasks\` (\`platform\`);`);
    this.addSql(`create index \`tasks_user_id_index\` on \`tasks\` (\`user_id\`);`);
    this.addSql(`create index \`tasks_channel_id_index\` on \`tasks\` (\`channel_id\`);`);
    this.addSql(`create index \`tasks_action_index\` on \`tasks\` (\`action\`);`);
    this.addSql(`create index \`tasks_status_index\` on \`tasks\` (\`status\`);`);
    this.addSql(`create index \`tasks_submit_time_index\` on \`tasks\` (\`submit_time\`);`);
    this.addSql(`create index \`tasks_progress_index\` on \`tasks\` (\`progress\`);`);

    this.addSql(`create table \`tokens\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null default 0, \`key\` text not null, \`status\` integer not null default 1, \`name\` text not null default '', \`created_time\` bigint not null default 0, \`accessed_time\` bigint not null default 0, \`expired_time\` bigint not null default -1, \`remain_quota\` bigint not null default 0, \`unlimited_quota\` integer not null default false, \`model_limits_enabled\` integer not null default false, \`model_limits\` text not null default '', \`allow_ips\` text not null default '', \`used_quota\` bigint not null default 0, \`group\` text not null default '', \`mj_proxy\` text not null default '', \`mj_model\` text not null default '', \`mj_proxy_url\` text not null default '', \`deleted_at\` bigint null);`);
    this.addSql(`create index \`tokens_user_id_index\` on \`tokens\` (\`user_id\`);`);
    this.addSql(`create unique index \`tokens_key_unique\` on \`tokens\` (\`key\`);`);
    this.addSql(`create index \`tokens_name_index\` on \`tokens\` (\`name\`);`);
    this.addSql(`create index \`tokens_deleted_at_index\` on \`tokens\` (\`deleted_at\`);`);

    this.addSql(`create table \`top_ups\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null default 0, \`trade_no\` text not null, \`pay_type\` text not null default '', \`amount\` bigint not null default 0, \`money\` double not null default 0, \`status\` text not null default 'pending', \`proxy_user_id\` integer not null default 0, \`agent_commission\` double not null default 0, \`create_time\` bigint not null default 0, \`complete_time\` bigint not null default 0);`);
    this.addSql(`create unique index \`top_ups_trade_no_unique\` on \`top_ups\` (\`trade_no\`);`);
    this.addSql(`create index \`top_ups_status_index\` on \`top_ups\` (\`status\`);`);
    this.addSql(`create index \`top_ups_create_time_index\` on \`top_ups\` (\`create_time\`);`);
    this.addSql(`create index \`top_ups_user_id_create_time_index\` on \`top_ups\` (\`user_id\`, \`create_time\`);`);
    this.addSql(`create index \`top_ups_proxy_user_id_create_time_index\` on \`top_ups\` (\`proxy_user_id\`, \`create_time\`);`);

    this.addSql(`create table \`users\` (\`id\` integer not null primary key autoincrement, \`username\` text not null, \`display_name\` text not null default '', \`password\` text not null, \`email\` text not null default '', \`github_id\` text not null default '', \`wechat_id\` text not null default '', \`telegram_id\` text not null default '', \`linux_do_id\` text not null default '', \`access_token\` text null, \`role\` integer not null default 1, \`status\` integer not null default 1, \`group\` text not null default 'default', \`quota\` bigint not null default 0, \`used_quota\` bigint not null default 0, \`request_count\` integer not null default 0, \`aff_code\` text null, \`aff_count\` integer not null default 0, \`aff_quota\` bigint not null default 0, \`aff_history_quota\` bigint not null default 0, \`inviter_id\` integer not null default 0, \`referrer_id\` integer not null default 0, \`agent_id\` integer not null default 0, \`exclusive_price\` double not null default 0, \`allow_groups\` text not null default '', \`models_ratio\` text not null default '', \`order_num\` integer not null default 0, \`setting\` text not null default '', \`auth_version\` integer not null default 0, \`created_at\` bigint not null default 0, \`last_login_time\` bigint not null default 0, \`deleted_at\` bigint null);`);
    this.addSql(`create unique index \`users_username_unique\` on \`users\` (\`username\`);`);
    this.addSql(`create index \`users_email_index\` on \`users\` (\`email\`);`);
    this.addSql(`create index \`users_github_id_index\` on \`users\` (\`github_id\`);`);
    this.addSql(`create index \`users_wechat_id_index\` on \`users\` (\`wechat_id\`);`);
    this.addSql(`create index \`users_telegram_id_index\` on \`users\` (\`telegram_id\`);`);
    this.addSql(`create index \`users_linux_do_id_index\` on \`users\` (\`linux_do_id\`);`);
    this.addSql(`create unique index \`users_access_token_unique\` on \`users\` (\`access_token\`);`);
    this.addSql(`create index \`users_group_index\` on \`users\` (\`group\`);`);
    this.addSql(`create unique index \`users_aff_code_unique\` on \`users\` (\`aff_code\`);`);
    this.addSql(`create index \`users_inviter_id_index\` on \`users\` (\`inviter_id\`);`);
    this.addSql(`create index \`users_referrer_id_index\` on \`users\` (\`referrer_id\`);`);
    this.addSql(`create index \`users_agent_id_index\` on \`users\` (\`agent_id\`);`);
    this.addSql(`create index \`users_deleted_at_index\` on \`users\` (\`deleted_at\`);`);

    this.addSql(`create table \`verifications\` (\`id\` integer not null primary key autoincrement, \`purpose\` text not null, \`target\` text not null, \`code_hash\` text not null, \`attempts\` integer not null default 0, \`expires_at\` bigint not null, \`used_at\` bigint null, \`created_at\` bigint not null default 0);`);
    this.addSql(`create index \`verifications_expires_at_index\` on \`verifications\` (\`expires_at\`);`);
    this.addSql(`create index \`verifications_purpose_target_index\` on \`verifications\` (\`purpose\`, \`target\`);`);
  }

}
