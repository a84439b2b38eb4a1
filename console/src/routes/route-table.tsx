// The route table (spec 3 §2): only pages that exist are listed; menus are filtered against it.
import type { ComponentType } from 'react';
import { HomePage } from '../features/home/HomePage';
import { LoginPage } from '../features/auth/LoginPage';
import { SetupPage } from '../features/setup/SetupPage';
import { SettingPage } from '../features/setting/SettingPage';
import { TokenPage } from '../features/token/TokenPage';
import { ChannelPage } from '../features/channel/ChannelPage';
import { ChannelEditPage } from '../features/channel/ChannelEditPage';
import { LogPage } from '../features/log/LogPage';
import { UserPage } from '../features/user/UserPage';
import { OAuthCallbackPage } from '../features/oauth/OAuthCallbackPage';
import { RegisterPage } from '../features/account/RegisterPage';
import { PasswordResetPage } from '../features/account/PasswordResetPage';
import { PricingPage } from '../features/pricing/PricingPage';
import { RedemptionPage } from '../features/redemption/RedemptionPage';
import { OrdersPage } from '../features/orders/OrdersPage';
import { AgentsPage } from '../features/agents/AgentsPage';
import { TopUpPage } from '../features/wallet/TopUpPage';

export interface AppRoute {
  path: string;
  Page: ComponentType;
  /** 'login': redirects to /login without a stored user. */
  access: 'public' | 'login';
}

export const ROUTES: readonly AppRoute[] = [
  { path: '/', Page: HomePage, access: 'public' },
  { path: '/setup', Page: SetupPage, access: 'public' },
  { path: '/login', Page: LoginPage, access: 'public' },
  { path: '/register', Page: RegisterPage, access: 'public' },
  { path: '/reset', Page: PasswordResetPage, access: 'public' },
  { path: '/pricing', Page: PricingPage, access: 'public' },
  // new-api's reset links open /user/reset; public, since whoever resets cannot sign in.
  { path: '/user/reset', Page: PasswordResetPage, access: 'public' },
  { path: '/setting', Page: SettingPage, access: 'login' },
  { path: '/token', Page: TokenPage, access: 'login' },
  { path: '/channel', Page: ChannelPage, access: 'login' },
  { path: '/channel/add', Page: ChannelEditPage, access: 'login' },
  { path: '/channel/edit/:id', Page: ChannelEditPage, access: 'login' },
  { path: '/log', Page: LogPage, access: 'login' },
  { path: '/topup', Page: TopUpPage, access: 'login' },
  { path: '/orders', Page: OrdersPage, access: 'login' },
  { path: '/agents', Page: AgentsPage, access: 'login' },
  { path: '/redemption', Page: RedemptionPage, access: 'login' },
  { path: '/user', Page: UserPage, access: 'login' },
  { path: '/user/edit/:id', Page: UserPage, access: 'login' },
  { path: '/oauth/github', Page: OAuthCallbackPage, access: 'public' },
  { path: '/oauth/linuxdo', Page: OAuthCallbackPage, access: 'public' },
];

export const REGISTERED_PATHS: ReadonlySet<string> = new Set(ROUTES.map((r) => r.path));
