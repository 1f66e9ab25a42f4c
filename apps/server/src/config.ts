import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting comes from the environment and has an embedded default (README "Configuration").
 * Unset real parts (DATABASE_URL, ...) mean the embedded default is used.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  APP_NAME: z.string().min(1).default('Sift'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built SPA lives; the server serves it with history fallback when the folder exists. */
  WEB_DIST_DIR: z.string().optional(),
  /** Seed the demo catalog when the database has no channels yet. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appName: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string | undefined;
  seedDemo: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appName: e.APP_NAME,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    seedDemo: e.SEED_DEMO,
  };
}
