import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './infra/db/client.js';
import { registerErrorHandling, sendRouteNotFound } from './infra/http/errors.js';
import { registerSpa, wantsSpaPage } from './infra/http/spa.js';
import { paths } from './infra/paths.js';
import { CatalogRepository } from './modules/catalog/catalog.repository.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { feedsRoutes } from './modules/feeds/feeds.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { MessagesRepository } from './modules/messages/messages.repository.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { MessagesService } from './modules/messages/messages.service.js';
import type { VideoProvider } from './providers/video-provider.js';

export interface AppDependencies {
  db: Database;
  provider: VideoProvider;
  appName: string;
  /** Built SPA to serve; omit to serve the API only (API tests). */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
}

export interface Services {
  catalog: CatalogService;
  messages: MessagesService;
}

/** The composition root: wires repositories → services → routes. No module builds its own dependencies. */
export function createServices(deps: Pick<AppDependencies, 'db' | 'provider'>): Services {
  return {
    catalog: new CatalogService(new CatalogRepository(deps.db), deps.provider),
    messages: new MessagesService(new MessagesRepository(deps.db)),
  };
}

export async function buildApp(deps: AppDependencies): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Ids in paths are short; anything longer than this is not a real request.
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built by typed presenters, so serialising them again through zod would only cost time;
  // the response schemas still document the API and the API tests parse every response with them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandling(app);

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${deps.appName} API`, version: '1.0.0', description: 'Every call the web client makes (SPEC §7), under /api.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const services = createServices(deps);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes(services.catalog));
      await api.register(feedsRoutes(services.catalog));
      await api.register(messagesRoutes(services.messages));
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes(paths.demoMedia));

  // One not-found handler: client routes get the SPA's index.html, everything else a JSON 404.
  const spaServed = deps.webDistDir ? await registerSpa(app, deps.webDistDir) : false;
  app.setNotFoundHandler((request, reply) => {
    if (spaServed && wantsSpaPage(request.method, request.url)) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return sendRouteNotFound(request, reply);
  });
  return { app, services };
}
