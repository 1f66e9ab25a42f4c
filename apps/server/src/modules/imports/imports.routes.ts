import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, importParamsSchema, importStartedSchema, memberImportSchema } from '@sift/contracts';
import { readUploadedFile } from '../../infra/files/upload.js';
import { currentUser } from '../auth/authenticate.js';
import { IMPORT_LIMITS } from './formats/bundle.js';
import type { ImportsService } from './imports.service.js';

/**
 * Years of watch history as Takeout's HTML page outgrow the limit on their own (decisions/040): the .zip Takeout
 * makes holds the same page at about a tenth of the size, and its JSON option is a third of the HTML.
 */
const TOO_LARGE_HINT = 'Upload the Google Takeout .zip as it was downloaded (it is about a tenth of the size), or choose JSON for the watch history when you make the export.';

const tags = ['imports'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema };

/** Issue 16 §2: a member's export file in, its progress out. */
export const importsRoutes =
  (imports: ImportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/me/imports',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary:
            'Import an export file (multipart field "file", at most 20 MiB): Google Takeout (CSV or .zip), NewPipe (JSON or backup .zip), FreeTube (.db), Invidious (JSON or OPML), Piped (JSON), any OPML, or Sift\'s own data.zip. The format is found from the content; the work runs in the background',
          consumes: ['multipart/form-data'],
          response: { 202: importStartedSchema, ...errors },
        },
      },
      async (req, reply) => {
        const user = currentUser(req);
        const file = await readUploadedFile(req, 'file', IMPORT_LIMITS.maxFileBytes, { tooLargeCode: 'IMPORT_TOO_LARGE', tooLargeHint: TOO_LARGE_HINT });
        const started = await imports.start(user.id, file.bytes);
        return reply.status(202).header('Location', `/api/me/imports/${started.id}`).send(started);
      },
    );

    app.get(
      '/me/imports/:id',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: "An import's status, progress (0–100), counts and the rows it skipped, with why (its owner only)",
          params: importParamsSchema,
          response: { 200: memberImportSchema, ...errors },
        },
      },
      (req) => imports.get(Number(req.params.id), currentUser(req).id),
    );
  };
