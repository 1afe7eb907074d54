import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@drama/contracts';
import type { ComponentType } from 'react';
import { prefetchCategory } from '../features/category/api/prefetch-categories';
import { prefetchExplore } from '../features/explore/api/prefetch-explore';
import { prefetchHome } from '../features/home/api/prefetch-home';
import { prefetchPlayer } from '../features/player/api/prefetch-player';
import { prefetchSearch } from '../features/search/api/prefetch-search';
import type { TranslationKey } from '../shared/i18n/i18n';
import type { RouteHandle, Transition } from '../shared/navigation/route-handle';

export interface AppRoute extends RouteHandle {
  path: string;
  /** Loaded on first visit only, so each page ships in its own chunk. */
  page: () => Promise<ComponentType>;
  /** Starts the page's first calls in parallel with loading its code. */
  prefetch?: (
    queryClient: QueryClient,
    locale: Locale,
    params: Record<string, string | undefined>,
    search: URLSearchParams,
  ) => void;
}

const home = () => import('../features/home/pages/home-page').then((m) => m.HomePage);
const settings = () => import('../features/settings/pages/settings-page').then((m) => m.SettingsPage);
const language = () => import('../features/settings/pages/language-page').then((m) => m.LanguagePage);
const changePassword = () =>
  import('../features/settings/pages/change-password-page').then((m) => m.ChangePasswordPage);
const bindPhone = () => import('../features/settings/pages/bind-phone-page').then((m) => m.BindPhonePage);
const bindEmail = () => import('../features/settings/pages/bind-email-page').then((m) => m.BindEmailPage);
const signIn = () => import('../features/auth/pages/sign-in-page').then((m) => m.SignInPage);
const signUp = () => import('../features/auth/pages/sign-up-page').then((m) => m.SignUpPage);
const resetPassword = () => import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage);
const verification = () => import('../features/auth/pages/verification-page').then((m) => m.VerificationPage);
const profile = () => import('../features/profile/pages/profile-page').then((m) => m.ProfilePage);
const profileEdit = () => import('../features/profile/pages/profile-edit-page').then((m) => m.ProfileEditPage);
const player = () => import('../features/player/pages/player-page').then((m) => m.PlayerPage);
const category = () => import('../features/category/pages/category-page').then((m) => m.CategoryPage);
const tag = () => import('../features/category/pages/tag-page').then((m) => m.TagPage);
const favorites = () => import('../features/favorites/pages/favorites-page').then((m) => m.FavoritesPage);
const history = () => import('../features/history/pages/history-page').then((m) => m.HistoryPage);
const membership = () => import('../features/membership/pages/membership-page').then((m) => m.MembershipPage);
const checkout = () => import('../features/membership/pages/checkout-page').then((m) => m.CheckoutPage);
const orders = () => import('../features/orders/pages/orders-page').then((m) => m.OrdersPage);
const orderDetail = () => import('../features/orders/pages/order-detail-page').then((m) => m.OrderDetailPage);
const payment = () => import('../features/payment/pages/payment-page').then((m) => m.PaymentPage);
const paymentResult = () => import('../features/payment/pages/payment-result-page').then((m) => m.PaymentResultPage);
const points = () => import('../features/points/pages/points-page').then((m) => m.PointsPage);
const pointsTasks = () => import('../features/points/pages/tasks-page').then((m) => m.TasksPage);
const pointsMall = () => import('../features/points/pages/mall-page').then((m) => m.MallPage);
const pointsRecords = () => import('../features/points/pages/records-page').then((m) => m.RecordsPage);
const redeem = () => import('../features/redeem/pages/redeem-page').then((m) => m.RedeemPage);
const redeemRecords = () => import('../features/redeem/pages/redeem-records-page').then((m) => m.RedeemRecordsPage);
const search = () => import('../features/search/pages/search-page').then((m) => m.SearchPage);
const explore = () => import('../features/explore/pages/explore-page').then((m) => m.ExplorePage);
const feedback = () => import('../features/feedback/pages/feedback-page').then((m) => m.FeedbackPage);
const feedbackHistory = () =>
  import('../features/feedback/pages/feedback-history-page').then((m) => m.FeedbackHistoryPage);
const feedbackDetail = () => import('../features/feedback/pages/feedback-detail-page').then((m) => m.FeedbackDetailPage);
const agreement = () => import('../features/legal/pages/legal-page').then((m) => m.AgreementPage);
const privacy = () => import('../features/legal/pages/legal-page').then((m) => m.PrivacyPage);
const legalPreview = () => import('../features/legal/pages/legal-preview-page').then((m) => m.LegalPreviewPage);
const support = () => import('../features/support/pages/support-page').then((m) => m.SupportPage);
const about = () => import('../features/support/pages/about-page').then((m) => m.AboutPage);
const notices = () => import('../features/notices/pages/notices-page').then((m) => m.NoticesPage);

type Entry = [path: string, auth: boolean, titleKey: TranslationKey | undefined, transition: Transition, page: AppRoute['page']];

// The route table of spec section 2, in its order. Sub-pages slide in from the right;
// tab roots, the player and the guest pages fade.
const TABLE: Entry[] = [
  ['/', false, undefined, 'fade', home],
  ['/auth/sign-in', false, 'routes.signIn', 'fade', signIn],
  ['/auth/sign-up', false, 'routes.signUp', 'slide-left', signUp],
  ['/auth/verification', false, 'routes.verification', 'slide-left', verification],
  ['/auth/reset-password', false, 'routes.resetPassword', 'slide-left', resetPassword],
  ['/profile', true, 'routes.profile', 'fade', profile],
  ['/profile/edit', true, 'routes.profileEdit', 'slide-left', profileEdit],
  ['/settings', true, 'routes.settings', 'slide-left', settings],
  ['/settings/change-password', true, 'routes.changePassword', 'slide-left', changePassword],
  ['/settings/language', true, 'routes.language', 'slide-left', language],
  ['/settings/bind-phone', true, 'routes.bindPhone', 'slide-left', bindPhone],
  ['/settings/bind-email', true, 'routes.bindEmail', 'slide-left', bindEmail],
  ['/player/:id', false, 'routes.player', 'fade', player],
  ['/category', false, 'routes.category', 'fade', category],
  ['/search', false, 'routes.search', 'fade', search],
  ['/history', true, 'routes.history', 'slide-left', history],
  ['/favorites', true, 'routes.favorites', 'slide-left', favorites],
  ['/membership', true, 'routes.membership', 'slide-left', membership],
  ['/membership/payment', true, 'routes.membershipPayment', 'slide-left', checkout],
  ['/orders', true, 'routes.orders', 'slide-left', orders],
  ['/orders/:id', true, 'routes.orderDetail', 'slide-left', orderDetail],
  ['/payment', true, 'routes.payment', 'slide-left', payment],
  ['/payment/result', true, 'routes.paymentResult', 'slide-left', paymentResult],
  ['/points', true, 'routes.points', 'slide-left', points],
  ['/points/tasks', true, 'routes.pointsTasks', 'slide-left', pointsTasks],
  ['/points/mall', true, 'routes.pointsMall', 'slide-left', pointsMall],
  ['/points/records', true, 'routes.pointsRecords', 'slide-left', pointsRecords],
  ['/legal/agreement', false, 'routes.agreement', 'slide-left', agreement],
  ['/legal/privacy', false, 'routes.privacy', 'slide-left', privacy],
  ['/legal/preview', false, undefined, 'fade', legalPreview],
  ['/redeem', true, 'routes.redeem', 'slide-left', redeem],
  ['/redeem/records', true, 'routes.redeemRecords', 'slide-left', redeemRecords],
  ['/explore', false, 'routes.explore', 'fade', explore],
  ['/feedback', true, 'routes.feedback', 'slide-left', feedback],
  ['/feedback/history', true, 'routes.feedbackHistory', 'slide-left', feedbackHistory],
  ['/feedback/:id', true, 'routes.feedbackDetail', 'slide-left', feedbackDetail],
  ['/support', false, 'routes.support', 'slide-left', support],
  ['/about', false, 'routes.about', 'slide-left', about],
  ['/notices', true, 'notices.title', 'slide-left', notices],
  ['/dramas/tag/:tagName', false, 'routes.tag', 'slide-left', tag],
];

const TAB_ROOTS = new Set(['/', '/category', '/explore', '/profile']);

type Prefetch = NonNullable<AppRoute['prefetch']>;

/**
 * A prefetch that loads its module on first use, for one that needs a schema (and with it zod,
 * which the first page must not download). Fetched in parallel with the page's own chunk,
 * which imports the same module.
 */
function lazyPrefetch(load: () => Promise<Prefetch>): Prefetch {
  return (queryClient, locale, params, search) => {
    load().then(
      (prefetch) => prefetch(queryClient, locale, params, search),
      // The page's own load fails the same way and shows the route's error page.
      () => undefined,
    );
  };
}

// Bundled with the route table, so a route's first calls go out before any of its code has
// loaded: home's are typed without schemas (`unchecked`), the others are `api.preload`s whose
// answers the pages read (explore's and the player's checking the envelope only, as home's).
const PREFETCH: Record<string, AppRoute['prefetch']> = {
  '/': prefetchHome,
  '/player/:id': prefetchPlayer,
  '/search': prefetchSearch,
  '/explore': prefetchExplore,
  '/category': prefetchCategory,
  '/dramas/tag/:tagName': lazyPrefetch(() => import('../features/category/api/prefetch-tag').then((m) => m.prefetchTag)),
};

export const APP_ROUTES: readonly AppRoute[] = TABLE.map(([path, auth, titleKey, transition, page]) => ({
  path,
  auth,
  titleKey,
  transition,
  tabRoot: TAB_ROOTS.has(path),
  page,
  prefetch: PREFETCH[path],
}));

/**
 * Old addresses kept working. `/login` is in the spec's table; `/auth/login` and
 * `/auth/register` are the names the spec's tab-bar rule still uses.
 */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/login', to: '/auth/sign-in' },
  { from: '/auth/login', to: '/auth/sign-in' },
  { from: '/auth/register', to: '/auth/sign-up' },
];

export const NOT_FOUND_HANDLE: RouteHandle = { auth: false, titleKey: 'routes.notFound', transition: 'fade' };
