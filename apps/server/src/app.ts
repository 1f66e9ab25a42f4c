import { DEFAULT_MESSAGE_PAGE_ID } from '@sift/contracts';
import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { BillingSettings, GoogleSettings } from './config.js';
import { databaseAnswers, type Database } from './infra/db/client.js';
import { createFileStore, type FileStore } from './infra/files/file-store.js';
import { registerMultipart } from './infra/files/upload.js';
import { uploadsRoutes } from './infra/files/uploads.routes.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling, requireHostHeader, sendRouteNotFound } from './infra/http/errors.js';
import { registerLoadShedding } from './infra/http/load-shedding.js';
import { registerTextGuard } from './infra/http/text-guard.js';
import { registerSecurityHeaders } from './infra/http/security-headers.js';
import { fastifyTrustProxy, type TrustProxy } from './infra/http/trust-proxy.js';
import { firstScreenModules, withRouteChunks } from './infra/http/route-chunks.js';
import { indexHtmlReader, registerSpa } from './infra/http/spa.js';
import { RequestLogController } from './infra/logging/logger.js';
import { InProcessJobQueue } from './infra/jobs/in-process-queue.js';
import type { JobQueue } from './infra/jobs/job-queue.js';
import { createMailer, MemoryMailer, type Mailer } from './infra/mail/mailer.js';
import { paths } from './infra/paths.js';
import { DEFAULT_RATE_LIMITS, MemoryRateLimiter, type RateLimiter, type RateLimits } from './infra/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from './infra/rate-limit/redis-rate-limiter.js';
import { TokenCipher } from './infra/security/token-cipher.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { registerAuthentication } from './modules/auth/authenticate.js';
import { HistoryRepository } from './modules/history/history.repository.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { HistoryService } from './modules/history/history.service.js';
import { WatchedOverlay } from './modules/history/watched-overlay.js';
import { CaptchaService } from './modules/auth/captcha.service.js';
import { GoogleGrants } from './modules/auth/google-grants.service.js';
import { OidcSignIn } from './modules/auth/oidc.service.js';
import { TokenService } from './modules/auth/tokens.service.js';
import { AnalyticsRepository } from './modules/analytics/analytics.repository.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';
import { BillingRepository } from './modules/billing/billing.repository.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { BillingService } from './modules/billing/billing.service.js';
import { StripeGateway } from './modules/billing/stripe-gateway.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { ContactService } from './modules/contact/contact.service.js';
import { CatalogRepository } from './modules/catalog/catalog.repository.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { demoServiceRoutes } from './modules/catalog/demo-service.routes.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { ExportsService } from './modules/exports/exports.service.js';
import { FeedsRepository } from './modules/feeds/feeds.repository.js';
import { feedsRoutes } from './modules/feeds/feeds.routes.js';
import { FeedsService } from './modules/feeds/feeds.service.js';
import { ImportsRepository } from './modules/imports/imports.repository.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { ImportsService } from './modules/imports/imports.service.js';
import { pageStatus, previewPages } from './modules/link-previews/link-previews.page.js';
import { authConfig, withAuthConfig } from './modules/auth/auth.page.js';
import { withOpenedVideo } from './modules/catalog/catalog.page.js';
import { LinkPreviewService } from './modules/link-previews/link-previews.service.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { MessagesRepository } from './modules/messages/messages.repository.js';
import { withSiteMessages } from './modules/messages/messages.page.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { MessagesService } from './modules/messages/messages.service.js';
import { NotificationsRepository } from './modules/notifications/notifications.repository.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { PlaylistsRepository } from './modules/playlists/playlists.repository.js';
import { playlistsRoutes } from './modules/playlists/playlists.routes.js';
import { PlaylistsService } from './modules/playlists/playlists.service.js';
import { SearchRepository } from './modules/search/search.repository.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { SearchService } from './modules/search/search.service.js';
import { SiftsRepository } from './modules/sifts/sifts.repository.js';
import { siftsRoutes } from './modules/sifts/sifts.routes.js';
import { SiftsService } from './modules/sifts/sifts.service.js';
import { SubscriptionsRepository } from './modules/subscriptions/subscriptions.repository.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { AccountPlaylistsService } from './modules/youtube-account/account-playlists.service.js';
import { YouTubeAccountRepository } from './modules/youtube-account/youtube-account.repository.js';
import { youtubeAccountRoutes } from './modules/youtube-account/youtube-account.routes.js';
import { YouTubeAccountService } from './modules/youtube-account/youtube-account.service.js';
import { NEW_VIDEO_JOBS, registerNewVideoJobs } from './jobs/new-videos.js';
import type { VideoProvider } from './providers/video-provider.js';
import { ignoreUnavailable } from './providers/video-service-errors.js';


/** What accounts need from the configuration; `Config` has every field, so main passes it whole. */
export interface AccountSettings {
  /** Where people reach the app: mail links and the OpenID redirect URI start with it. */
  publicUrl: string;
  mailFrom: string;
  /** SMTP when set; otherwise mails become .eml files in `$dataDir/outbox`. */
  smtpUrl: string | undefined;
  dataDir: string;
  /** Redis counters when set; otherwise in memory. */
  redisUrl: string | undefined;
  rateLimits: RateLimits;
  /** Google sign-in when set; otherwise its endpoints answer 404 PROVIDER_DISABLED. */
  google: GoogleSettings | undefined;
  /**
   * TOKEN_ENCRYPTION_KEY (32 bytes): seals the refresh tokens of connected YouTube accounts. Unset: importing from a
   * YouTube account is off (its endpoints answer 404 PROVIDER_DISABLED), whatever else is configured.
   */
  tokenEncryptionKey: Buffer | undefined;
  captchaHmacKey: string;
  captchaMaxNumber: number;
  /** CONTACT_EMAIL: where the contact form's messages go. Unset: the form is off (decisions/020). */
  contactEmail: string | undefined;
  /**
   * STRIPE_*: PREMIUM is paid for through Stripe Checkout (issue 19, decisions/024). Unset: no payments; the billing
   * calls answer 404 BILLING_DISABLED and an operator sets plans with `npm run admin -- set-plan`.
   */
  billing: BillingSettings | undefined;
}

export interface AppDependencies {
  db: Database;
  /** The database runs in this process (PGlite): load is then shed by how busy the event loop is. */
  embeddedDatabase?: boolean;
  provider: VideoProvider;
  appName: string;
  /** Built SPA to serve; omit to serve the API only (API tests). */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /**
   * The proxies whose X-Forwarded-For entries to believe (TRUST_PROXY): a hop count or their addresses, so per-IP
   * limits count people, not the proxy. Default false: the connection's address is the client's.
   */
  trustProxy?: TrustProxy;
  /** How long a request may take to arrive, headers and body; default 30 s (tests use less). */
  requestTimeoutMs?: number;
  /** Omitted fields take `defaultAccountSettings()`. */
  accounts?: Partial<AccountSettings>;
  /** Ready-made infrastructure instead of what the settings choose (tests). */
  mailer?: Mailer | undefined;
  rateLimiter?: RateLimiter | undefined;
  /** Default: jobs run in this process (InProcessJobQueue). */
  jobs?: JobQueue | undefined;
  /** Default: `createFileStore` — `$DATA_DIR/media/uploads`, or the S3 bucket of the S3_* variables. */
  files?: FileStore | undefined;
  /** Minutes between refreshes of a followed channel (CHANNEL_REFRESH_MINUTES); default 15. */
  channelRefreshMinutes?: number;
  /** The subscription option (SUBSCRIPTIONS_ENABLED); default on. Off: the subscription API answers 403. */
  subscriptionsEnabled?: boolean;
}

export interface Services {
  jobs: JobQueue;
  /** Uploaded files (cover images). */
  files: FileStore;
  catalog: CatalogService;
  messages: MessagesService;
  tokens: TokenService;
  users: UsersService;
  auth: AuthService;
  captcha: CaptchaService;
  google: OidcSignIn;
  accounts: AccountsService;
  contact: ContactService;
  billing: BillingService;
  analytics: AnalyticsService;
  search: SearchService;
  playlists: PlaylistsService;
  sifts: SiftsService;
  subscriptions: SubscriptionsService;
  feeds: FeedsService;
  notifications: NotificationsService;
  /** What members watched (issue 30). */
  history: HistoryService;
  /** Lays a member's watched marks over the shared cards of a page (decisions/039). */
  watched: WatchedOverlay;
  imports: ImportsService;
  youtubeAccount: YouTubeAccountService;
  accountPlaylists: AccountPlaylistsService;
}

export interface ServiceDependencies extends Pick<AppDependencies, 'db' | 'provider' | 'accounts' | 'files'> {
  appName?: string;
  /** Default: a MemoryMailer (nothing leaves the process). */
  mailer?: Mailer | undefined;
  /** Default: counters in memory. */
  rateLimiter?: RateLimiter | undefined;
  /** Default: jobs run in this process. */
  jobs?: JobQueue | undefined;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'> & Partial<Pick<FastifyBaseLogger, 'info'>>;
}

export function defaultAccountSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  return {
    publicUrl: 'http://localhost:8080',
    mailFrom: 'Sift <no-reply@localhost>',
    smtpUrl: undefined,
    dataDir: path.resolve('data'),
    redisUrl: undefined,
    rateLimits: DEFAULT_RATE_LIMITS,
    google: undefined,
    tokenEncryptionKey: undefined,
    captchaHmacKey: randomBytes(32).toString('hex'),
    captchaMaxNumber: 50_000,
    contactEmail: undefined,
    billing: undefined,
    ...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
  };
}

const quietLog = { warn: () => {}, error: () => {} };
/** How long a request may take to arrive, headers and body (issue 17: slow clients must not hold connections). */
const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node looks for requests past that time: a stalled request is cut within REQUEST_TIMEOUT_MS + this. */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/** The composition root: wires repositories → services → routes. No module builds its own dependencies. */
export function createServices(deps: ServiceDependencies): Services {
  const settings = defaultAccountSettings(deps.accounts);
  const appName = deps.appName ?? 'Sift';
  const log = deps.log ?? quietLog;
  const limiter = deps.rateLimiter ?? new MemoryRateLimiter();
  const publicUrl = settings.publicUrl.replace(/\/+$/, '');

  const authRepository = new AuthRepository(deps.db);
  const tokens = new TokenService(authRepository);
  const files = deps.files ?? createFileStore(settings.dataDir);
  const users = new UsersService(new UsersRepository(deps.db), tokens, files);
  const captcha = new CaptchaService(authRepository, { hmacKey: settings.captchaHmacKey, maxNumber: settings.captchaMaxNumber });
  const auth = new AuthService(users, tokens, captcha, limiter, settings.rateLimits);
  const google = new OidcSignIn(settings.google, `${publicUrl}/oauth2/google/callback`, authRepository, users, auth, log);
  // One mailer for account mails, notifications and the contact form (tests without one: nothing leaves the process).
  const mailer = deps.mailer ?? new MemoryMailer();
  const accounts = new AccountsService(users, tokens, captcha, mailer, limiter, settings.rateLimits, { appName, publicUrl }, log);
  const jobs = deps.jobs ?? new InProcessJobQueue(log);
  const catalog = new CatalogService(new CatalogRepository(deps.db), deps.provider);
  // Follows, feeds and notifications (issue 7); subscriptions find sifts through the sifts service.
  const subscriptions = new SubscriptionsService(new SubscriptionsRepository(deps.db), catalog, { get: (idOrHash, viewerId) => sifts.get(idOrHash, viewerId) });
  const feeds = new FeedsService(new FeedsRepository(deps.db), subscriptions, catalog);
  const playlists = new PlaylistsService(new PlaylistsRepository(deps.db), catalog, files);
  const sifts = new SiftsService(new SiftsRepository(deps.db), catalog, jobs, files);
  const notifications = new NotificationsService(new NotificationsRepository(deps.db), mailer, { appName, publicUrl }, log);
  // What members watched (issue 30); every card a member receives carries their marks through the overlay.
  const history = new HistoryService(new HistoryRepository(deps.db), catalog);
  const watched = new WatchedOverlay(history);
  // Channels an import follows are read at once (never-read channels are claimed first), not at the next tick.
  const onChannelsFollowed = () => jobs.send(NEW_VIDEO_JOBS.refreshDue, {});
  // Import from a YouTube account (issue 16 §1): the sign-in's Google client asks for read-only YouTube access.
  const youtubeAccount = new YouTubeAccountService({
    repository: new YouTubeAccountRepository(deps.db),
    grants: new GoogleGrants(google, authRepository, log),
    provider: deps.provider,
    cipher: settings.tokenEncryptionKey ? new TokenCipher(settings.tokenEncryptionKey) : undefined,
    redirectUri: `${publicUrl}/oauth2/youtube/callback`,
    catalog,
    subscriptions,
    onChannelsFollowed,
    log,
  });
  // A deleted account's YouTube permission is revoked at Google, not merely forgotten with the row.
  users.beforeDelete((userId) => youtubeAccount.forget(userId));
  // PREMIUM through Stripe (issue 19): on when the STRIPE_* settings are; a deleted account is never charged again.
  const billing = new BillingService(
    new BillingRepository(deps.db),
    settings.billing ? new StripeGateway(settings.billing) : undefined,
    settings.billing,
    limiter,
    settings.rateLimits,
    { publicUrl },
    log,
  );
  users.beforeDelete((userId) => billing.forget(userId));
  return {
    jobs,
    files,
    catalog,
    messages: new MessagesService(new MessagesRepository(deps.db)),
    tokens,
    users,
    auth,
    captcha,
    google,
    accounts,
    contact: new ContactService(captcha, mailer, limiter, settings.rateLimits, { appName, publicUrl, contactEmail: settings.contactEmail }, log),
    billing,
    analytics: new AnalyticsService(new AnalyticsRepository(deps.db), limiter, settings.rateLimits),
    search: new SearchService(new SearchRepository(deps.db), catalog, {
      // A real service's channels for the words join the header search; when it cannot be asked, the database answers.
      remote: deps.provider.remote ? { storeMatches: (text) => catalog.storeRemoteChannelMatches(text).then(() => undefined, ignoreUnavailable) } : undefined,
    }),
    playlists,
    sifts,
    subscriptions,
    feeds,
    notifications,
    history,
    watched,
    imports: new ImportsService(new ImportsRepository(deps.db), {
      catalog,
      subscriptions,
      playlists,
      sifts,
      history,
      jobs,
      onChannelsFollowed,
      log,
    }),
    youtubeAccount,
    accountPlaylists: new AccountPlaylistsService(youtubeAccount, { playlists, catalog, sifts, jobs, log }),
  };
}

/** What the site says of itself where a page has no item of its own (the web app's index.html says the same). */
const SITE_DESCRIPTION = 'Find, curate and watch videos.';

/** Link previews read items as a visitor would, stored ones only (no id a crawler sends reaches the video service). */
function linkPreviews(services: Services, publicUrl: string): LinkPreviewService {
  return new LinkPreviewService(
    {
      sift: (hash) => services.sifts.get(hash, null),
      playlist: (id) => services.playlists.get(id, null),
      // On a real service a channel the catalog lacks may still exist: not asked on a crawler's behalf, so not missing.
      channel: async (externalId) => (await services.catalog.findStoredChannel(externalId)) ?? (services.catalog.storesWholeCatalog ? null : undefined),
      video: (externalId) => services.catalog.findStoredVideo(externalId),
      user: (uuid) => services.search.publicUser(uuid),
    },
    publicUrl.replace(/\/+$/, ''),
  );
}

export async function buildApp(deps: AppDependencies): Promise<{ app: FastifyInstance; services: Services }> {
  const requestTimeout = deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: deps.logger ?? false,
    // One line per request, at debug, in place of Fastify's two at info (infra/logging).
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
    // Ids in paths are short; anything longer than this is not a real request.
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    // A client that sends its request slowly (or stops half-way) is cut off after 30 s rather than hold a
    // connection for ever; headers get the same bound below (Node's default is 60 s). Node looks for such
    // connections only every connectionsCheckingInterval (30 s by default, so a stalled body lasted up to 60 s).
    requestTimeout,
    // Host is checked by requireHostHeader instead, to answer in the app's shape (infra/http/errors.ts).
    http: { connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS, requireHostHeader: false },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireHostHeader);
  app.server.headersTimeout = requestTimeout;
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built by typed presenters, so serialising them again through zod would only cost time;
  // the response schemas still document the API and the API tests parse every response with them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  registerTextGuard(app);
  await registerLoadShedding(app, { embedded: deps.embeddedDatabase ?? false, databaseAnswers: () => databaseAnswers(deps.db) });

  await registerSecurityHeaders(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // POST /api/login and /api/loginGoogle arrive as HTML forms (SPEC §7).
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  await registerMultipart(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${deps.appName} API`, version: '1.0.0', description: 'Every call the web client makes (SPEC §7), under /api.' },
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP: the documentation page replaces the app's policy with one that allows its own scripts by hash.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Mail and rate limits: injected (tests), or chosen by the settings: SMTP or the outbox, Redis or memory.
  const settings = defaultAccountSettings(deps.accounts);
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: settings.smtpUrl, outboxDir: path.join(settings.dataDir, 'outbox'), from: settings.mailFrom }, app.log);
  let rateLimiter = deps.rateLimiter;
  if (!rateLimiter) {
    let warnedAt = 0; // a Redis outage reports on every reconnection attempt: say it once a minute
    const onError = (err: unknown) => {
      if (Date.now() - warnedAt < 60_000) return;
      warnedAt = Date.now();
      app.log.warn({ err }, 'Redis for rate limits is unavailable; this node counts in its own memory until it is back');
    };
    const created = settings.redisUrl ? new RedisRateLimiter(settings.redisUrl, { onError }) : new MemoryRateLimiter();
    app.addHook('onClose', () => created.close());
    rateLimiter = created;
  }

  const services = createServices({ ...deps, accounts: settings, mailer, rateLimiter, log: app.log });
  app.addHook('onClose', () => services.jobs.stop());
  app.addHook('onClose', () => services.imports.close());
  await registerNewVideoJobs(services, { refreshMinutes: deps.channelRefreshMinutes ?? 15 });
  // request.user from `Authorization: Bearer`, for every module: `onRequest: app.requireUser` or `app.optionalUser`.
  registerAuthentication(app, services.tokens);
  const subscriptionsEnabled = deps.subscriptionsEnabled ?? true;
  await app.register(
    async (api) => {
      await api.register(catalogRoutes(services.catalog, services.watched, services.feeds));
      await api.register(
        feedsRoutes({
          feeds: services.feeds,
          watched: services.watched,
          subscriptions: services.subscriptions,
          publicUrl: settings.publicUrl.replace(/\/+$/, ''),
          appName: deps.appName,
          sifts: { get: (id) => services.sifts.get(id, null), videos: (id, limit) => services.sifts.videos(id, null, limit) },
          playlists: { get: (id) => services.playlists.get(id, null), videos: (id, limit) => services.playlists.videos(id, { limit, type: 'all' }, null) },
        }),
      );
      await api.register(subscriptionsRoutes(services.subscriptions, { enabled: subscriptionsEnabled }));
      await api.register(messagesRoutes(services.messages));
      await api.register(authRoutes({ auth: services.auth, captcha: services.captcha, google: services.google, appName: deps.appName, subscriptionsEnabled }));
      await api.register(accountsRoutes(services.accounts));
      await api.register(contactRoutes(services.contact));
      await api.register(billingRoutes(services.billing));
      await api.register(analyticsRoutes(services.analytics));
      await api.register(usersRoutes(services.users));
      await api.register(searchRoutes(services.search, services.watched));
      await api.register(playlistsRoutes(services.playlists, services.watched));
      await api.register(siftsRoutes(services.sifts, services.watched));
      await api.register(
        historyRoutes({
          history: services.history,
          siftVideoIds: (idOrHash, viewerId, before, max) => services.sifts.newestVideoIds(idOrHash, viewerId, before, max),
          feedVideoIds: (userId, before, max) => services.feeds.newestVideoIds(userId, before, max),
        }),
      );
      await api.register(importsRoutes(services.imports));
      await api.register(youtubeAccountRoutes(services.youtubeAccount, services.accountPlaylists));
      await api.register(exportsRoutes(new ExportsService(services, deps.appName)));
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes(paths.demoMedia));
  await app.register(demoServiceRoutes(services.catalog, deps.appName));
  await app.register(uploadsRoutes(services.files));

  // Client routes get the SPA's index.html (infra/http/spa.ts: a GET route, so the document is compressed); the page
  // of a shared link carries its item's card tags (issue 18 "Link previews"), every other page the site's. An address
  // the web app has no page for, or an item page whose item is missing, is that page with status 404 (decisions/043).
  // Anything else no route answers, a JSON 404.
  if (deps.webDistDir) {
    const itemPages = linkPreviews(services, settings.publicUrl);
    const previews = previewPages(itemPages, { name: deps.appName, description: SITE_DESCRIPTION }, indexHtmlReader(deps.webDistDir));
    const withMessages = withSiteMessages(previews, services.messages, DEFAULT_MESSAGE_PAGE_ID);
    const withConfig = withAuthConfig(withMessages, () => authConfig(services.google, deps.appName, subscriptionsEnabled));
    const withData = withOpenedVideo(withConfig, services.catalog);
    const page = withRouteChunks(withData, deps.webDistDir, firstScreenModules);
    await registerSpa(app, deps.webDistDir, page, pageStatus(itemPages));
  }
  app.setNotFoundHandler(sendRouteNotFound);
  return { app, services };
}
