// Keeps the dependency directions of DESIGN §2 true, so the architecture does not erode one import at a time:
// - web and server never import each other (both may import packages/contracts);
// - in web: app → features → {player, components, lib}; features do not import each other;
// - in server: SQL (drizzle, drivers, the schema) only in *.repository.ts and infra/db; a module reaches
//   another module through its service, never its repository.
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const WEB = path.join(ROOT, 'apps/web/src');
const SERVER = path.join(ROOT, 'apps/server');
const SERVER_SRC = path.join(SERVER, 'src');
const SQL_PACKAGES = [/^drizzle-orm(\/|$)/, /^pg$/, /^@electric-sql\/pglite/];

const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);
const segmentAfter = (file, dir) => path.relative(dir, file).split(path.sep)[0];

function problem(file, source) {
  const target = source.startsWith('.') ? path.resolve(path.dirname(file), source) : null;

  if (inside(file, path.join(ROOT, 'apps/web')) && (source.startsWith('@sift/server') || (target && inside(target, SERVER)))) {
    return 'The web app must not import the server; share types through @sift/contracts.';
  }
  if (inside(file, SERVER) && (source.startsWith('@sift/web') || (target && inside(target, path.join(ROOT, 'apps/web'))))) {
    return 'The server must not import the web app; share types through @sift/contracts.';
  }

  if (inside(file, WEB) && target && inside(target, WEB)) {
    const from = segmentAfter(file, WEB);
    const to = segmentAfter(target, WEB);
    if (from === 'features' && to === 'features' && segmentAfter(file, path.join(WEB, 'features')) !== segmentAfter(target, path.join(WEB, 'features'))) {
      return 'Features do not import each other; compose them in src/app.';
    }
    if (['components', 'lib', 'player'].includes(from) && ['features', 'app'].includes(to)) {
      return `src/${from} is shared below features and app; it must not import src/${to}.`;
    }
    if (from === 'features' && to === 'app') return 'Features must not import src/app; pass what they need in.';
  }

  if (inside(file, SERVER_SRC)) {
    const rel = path.relative(SERVER_SRC, file);
    const mayUseSql = rel.endsWith('.repository.ts') || rel.startsWith(`infra${path.sep}db${path.sep}`);
    const isSql = SQL_PACKAGES.some((p) => p.test(source)) || (target && inside(target.replace(/\.js$/, ''), path.join(SERVER_SRC, 'infra/db/schema')));
    if (isSql && !mayUseSql) return 'SQL lives only in *.repository.ts (and infra/db); call a repository through its service.';
    if (target && rel.startsWith(`modules${path.sep}`) && inside(target, path.join(SERVER_SRC, 'modules'))) {
      const fromModule = segmentAfter(file, path.join(SERVER_SRC, 'modules'));
      const toModule = segmentAfter(target, path.join(SERVER_SRC, 'modules'));
      if (fromModule !== toModule && /\.repository(\.js|\.ts)?$/.test(target)) {
        return `Module ${fromModule} must reach ${toModule} through its service, not its repository.`;
      }
    }
  }
  return null;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Dependency directions of DESIGN §2' }, schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const message = problem(file, node.source.value);
      if (message) context.report({ node: node.source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { boundaries: rule } };
