import { matchRoutes, type Params } from 'react-router-dom';
import {
  findModule,
  moduleSlugs,
  modules,
  isTrialModuleSlug,
  trialModuleSlugs,
} from '@/content/modules';
import { pageCopy, type PageKey } from '@/content/pages';
import { salesPages } from '@/content/salesPages';
import type { PageMeta } from './head';
import { lazyPage, type LazyPage } from './lazyPage';

export interface AppRoute {
  path: string;
  page: LazyPage;
  /**
   * 'static' pages are prerendered to HTML at build time (marketing and public forms);
   * 'client' pages depend on the signed-in user and render in the browser.
   */
  rendering: 'static' | 'client';
  /**
   * A client page that shows its own loading view while no user is known (its title and
   * skeleton): that view is prerendered, painted with the HTML, and kept while the session is
   * restored (src/components/auth/RequireAuth.tsx), instead of an empty page until the code runs.
   */
  shell?: boolean;
  /** Who may open the page: the protected pages guard sends anyone else away. Public when absent. */
  access?: 'signed-in' | 'admin';
  /** The page whose toast a visitor sent to the login page sees (SPEC.md section 8; the text is in
   * src/content/trial.ts, loaded with the guard). */
  signedOutNotice?: 'trialLibrary';
  /** The page's search metadata; undefined when the parameters name nothing (the not-found page shows). */
  meta: (params: Params) => PageMeta | undefined;
  /** For paths with parameters, the concrete paths the build writes out. */
  buildPaths?: string[];
}

function fromCopy(key: PageKey, extra: Partial<PageMeta> = {}): () => PageMeta {
  return () => ({ title: pageCopy[key].title, description: { page: key }, ...extra });
}

const portal = { noindex: true };

const unlockableSlugs = moduleSlugs.filter((slug) => modules[slug].unlockable);
const catalogueSlugs = moduleSlugs.filter((slug) => slug !== 'rural-minds');

export const appRoutes: AppRoute[] = [
  {
    path: '/',
    page: lazyPage('marketing/HomePage'),
    rendering: 'static',
    meta: fromCopy('home'),
  },
  {
    path: '/about',
    page: lazyPage('marketing/AboutPage'),
    rendering: 'static',
    meta: fromCopy('about'),
  },
  {
    path: '/studio',
    page: lazyPage('marketing/StudioPage'),
    rendering: 'static',
    meta: fromCopy('studio'),
  },
  {
    path: '/surgical-training',
    page: lazyPage('marketing/SurgicalTrainingPage'),
    rendering: 'static',
    meta: fromCopy('surgicalTraining'),
  },
  {
    path: '/solutions',
    page: lazyPage('marketing/SolutionsPage'),
    rendering: 'static',
    meta: fromCopy('solutions'),
  },
  {
    path: '/insights',
    page: lazyPage('marketing/InsightsPage'),
    rendering: 'static',
    meta: fromCopy('insights'),
  },
  {
    path: '/contact',
    page: lazyPage('marketing/ContactPage'),
    rendering: 'static',
    meta: fromCopy('contact'),
  },
  {
    path: '/login',
    page: lazyPage('auth/LoginPage'),
    rendering: 'static',
    meta: fromCopy('login'),
  },
  {
    path: '/signup',
    page: lazyPage('auth/SignupPage'),
    rendering: 'static',
    meta: fromCopy('signup'),
  },
  {
    path: '/forgot-password',
    page: lazyPage('auth/ForgotPasswordPage'),
    rendering: 'static',
    meta: fromCopy('forgotPassword'),
  },
  {
    path: '/change-password',
    page: lazyPage('auth/ChangePasswordPage'),
    rendering: 'client',
    access: 'signed-in',
    meta: fromCopy('changePassword', portal),
  },
  {
    path: '/dashboard',
    page: lazyPage('trials/DashboardPage'),
    rendering: 'client',
    shell: true,
    access: 'signed-in',
    meta: fromCopy('dashboard', portal),
  },
  {
    path: '/account',
    page: lazyPage('account/AccountPage'),
    rendering: 'client',
    access: 'signed-in',
    meta: fromCopy('account', portal),
  },
  {
    path: '/account/security',
    page: lazyPage('account/AccountSecurityPage'),
    rendering: 'client',
    access: 'signed-in',
    meta: fromCopy('accountSecurity', portal),
  },
  {
    path: '/admin',
    page: lazyPage('admin/AdminPage'),
    rendering: 'client',
    access: 'admin',
    meta: fromCopy('admin', portal),
  },
  {
    path: '/admin/access-codes',
    page: lazyPage('admin/AccessCodesPage'),
    rendering: 'client',
    access: 'admin',
    meta: fromCopy('accessCodes', portal),
  },
  {
    path: '/admin/integrations',
    page: lazyPage('admin/IntegrationsPage'),
    rendering: 'client',
    access: 'admin',
    meta: fromCopy('integrations', portal),
  },
  {
    path: '/admin/leads',
    page: lazyPage('sales/LeadsPage'),
    rendering: 'client',
    access: 'admin',
    meta: () => ({
      title: salesPages.leads.title,
      description: salesPages.leads.description,
      ...portal,
    }),
  },
  {
    path: '/admin/activity',
    page: lazyPage('sales/ActivityPage'),
    rendering: 'client',
    access: 'admin',
    meta: () => ({
      title: salesPages.activity.title,
      description: salesPages.activity.description,
      ...portal,
    }),
  },
  {
    path: '/admin/certificates',
    page: lazyPage('certificates/AdminCertificatesPage'),
    rendering: 'client',
    access: 'admin',
    meta: fromCopy('adminCertificates', portal),
  },
  {
    path: '/admin/organisations',
    page: lazyPage('organisations/AdminOrganisationsPage'),
    rendering: 'client',
    access: 'admin',
    meta: fromCopy('adminOrganisations', portal),
  },
  {
    path: '/certificates',
    page: lazyPage('certificates/CertificatesPage'),
    rendering: 'client',
    access: 'signed-in',
    meta: fromCopy('certificates', portal),
  },
  {
    path: '/organisation',
    page: lazyPage('organisations/OrganisationPage'),
    rendering: 'client',
    access: 'signed-in',
    meta: fromCopy('organisation', portal),
  },
  {
    path: '/invitations',
    page: lazyPage('organisations/InvitationsPage'),
    rendering: 'client',
    access: 'signed-in',
    meta: fromCopy('invitations', portal),
  },
  // The public check of a certificate. /verify is written out as a file; /verify/<code> cannot be
  // (the codes are not known at build time), so the host serves /verify's file there through the
  // one rewrite in _redirects (scripts/lib/hosting.ts), and the app renders the check.
  {
    path: '/verify',
    page: lazyPage('certificates/VerifyPage'),
    rendering: 'client',
    meta: fromCopy('verifyCertificate', portal),
  },
  {
    path: '/verify/:code',
    page: lazyPage('certificates/VerifyPage'),
    rendering: 'client',
    meta: fromCopy('verifyCertificate', portal),
    buildPaths: [],
  },
  {
    path: '/training-library',
    page: lazyPage('marketing/TrainingLibraryPage'),
    rendering: 'static',
    meta: fromCopy('trainingLibrary'),
  },
  {
    path: '/training-library-trial',
    page: lazyPage('trials/TrialLibraryPage'),
    rendering: 'client',
    access: 'signed-in',
    signedOutNotice: 'trialLibrary',
    meta: fromCopy('trialLibrary', portal),
  },
  {
    path: '/trial-signup',
    page: lazyPage('trials/TrialSignupPage'),
    rendering: 'static',
    meta: fromCopy('trialSignup'),
  },
  {
    path: '/trial-signup/confirmation',
    page: lazyPage('trials/TrialConfirmationPage'),
    rendering: 'client',
    access: 'signed-in',
    meta: fromCopy('trialConfirmation', portal),
  },
  {
    path: '/trial-access',
    page: lazyPage('marketing/TrialAccessPage'),
    rendering: 'static',
    meta: fromCopy('trialAccess'),
  },
  {
    path: '/unlock/:slug',
    page: lazyPage('modules/UnlockPage'),
    rendering: 'client',
    meta: ({ slug }) => {
      const module = findModule(slug);
      if (!module?.unlockable) return undefined;
      return {
        title: `Unlock ${module.title}`,
        description: { page: 'unlock' },
        noindex: true,
      };
    },
    buildPaths: unlockableSlugs.map((slug) => `/unlock/${slug}`),
  },
  {
    path: '/modules/rural-minds',
    page: lazyPage('modules/RuralMindsPage'),
    rendering: 'static',
    meta: () => moduleMeta('rural-minds'),
  },
  {
    path: '/rural-minds',
    page: lazyPage('modules/RuralMindsPage'),
    rendering: 'static',
    meta: () => ({ ...moduleMeta('rural-minds'), canonicalPath: '/modules/rural-minds' }),
  },
  {
    path: '/modules/trial/:slug',
    page: lazyPage('modules/TrialModulePage'),
    rendering: 'client',
    access: 'signed-in',
    meta: ({ slug }) => {
      if (!isTrialModuleSlug(slug)) return undefined;
      return { ...moduleMeta(slug), title: `${modules[slug].title} (Trial)`, noindex: true };
    },
    buildPaths: trialModuleSlugs.map((slug) => `/modules/trial/${slug}`),
  },
  {
    path: '/modules/:slug',
    page: lazyPage('modules/ModulePage'),
    rendering: 'static',
    meta: ({ slug }) => (findModule(slug) ? moduleMeta(slug) : undefined),
    buildPaths: catalogueSlugs.map((slug) => `/modules/${slug}`),
  },
  {
    path: '/book-demo',
    page: lazyPage('marketing/BookDemoPage'),
    rendering: 'static',
    meta: fromCopy('bookDemo'),
  },
  {
    path: '/how-it-works',
    page: lazyPage('marketing/HowItWorksPage'),
    rendering: 'static',
    meta: fromCopy('howItWorks'),
  },
  {
    path: '/how-it-works-revolvevr',
    page: lazyPage('marketing/HowItWorksRevolveVrPage'),
    rendering: 'static',
    meta: fromCopy('howItWorksRevolveVr'),
  },
  {
    path: '/how-it-works-revolve360',
    page: lazyPage('marketing/HowItWorksRevolve360Page'),
    rendering: 'static',
    meta: fromCopy('howItWorksRevolve360'),
  },
  {
    path: '/revolve-custom',
    page: lazyPage('marketing/RevolveCustomPage'),
    rendering: 'static',
    meta: fromCopy('revolveCustom'),
  },
  {
    path: '/bespoke',
    page: lazyPage('marketing/RevolveCustomPage'),
    rendering: 'static',
    meta: fromCopy('revolveCustom', { canonicalPath: '/revolve-custom' }),
  },
  {
    path: '/terms-and-conditions',
    page: lazyPage('marketing/TermsPage'),
    rendering: 'static',
    meta: fromCopy('terms'),
  },
  {
    path: '/accessibility',
    page: lazyPage('marketing/AccessibilityPage'),
    rendering: 'static',
    meta: fromCopy('accessibility'),
  },
  {
    path: '/trust',
    page: lazyPage('marketing/TrustPage'),
    rendering: 'static',
    meta: fromCopy('trust'),
  },
];

function moduleMeta(slug: string | undefined): PageMeta {
  const module = findModule(slug);
  if (!module) throw new Error(`Unknown module "${slug}"`);
  return { title: `${module.title} Training Module`, description: module.summary };
}

export const notFoundMeta: PageMeta = {
  title: pageCopy.notFound.title,
  description: { page: 'notFound' },
  noindex: true,
};

/** Every concrete path the build writes, with the route that serves it. */
export function buildPaths(): { path: string; route: AppRoute }[] {
  return appRoutes.flatMap((route) =>
    (route.buildPaths ?? [route.path]).map((path) => ({ path, route })),
  );
}

/** The route that serves a path, with its parameters, or undefined for the not-found page. */
export function matchAppRoute(pathname: string): { route: AppRoute; params: Params } | undefined {
  const match = matchRoutes(
    appRoutes.map((route) => ({ path: route.path, route })),
    pathname,
  )?.[0];
  return match ? { route: match.route.route, params: match.params } : undefined;
}
