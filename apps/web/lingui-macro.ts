import { transformAsync, transformFromAstAsync, types as t, type PluginObj } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Compiles Lingui's macros (`@lingui/core/macro`, `@lingui/react/macro`) for Vite 8 and Vitest.
 * Vite 8 transforms TS and JSX with oxc and has no Babel step; Lingui 5's macros exist only as a Babel plugin, and
 * Rolldown's Babel plugin needs Node 22. So Babel runs here, before oxc (`enforce: 'pre'`), only on the app's own
 * files that import a macro, parsing TS and JSX but transforming nothing else: the rest of the pipeline stays oxc.
 *
 * English, the source language, renders from the messages in the code, without a catalogue
 * (docs/decisions/025-languages.md). The macros leave those messages as ICU source text ("Hi {name}"), which
 * Lingui's runtime would have to compile in the browser with its message compiler (~7 KiB gzip, more than the first
 * route's headroom). So the second pass below compiles them here, at build time, into the same form a compiled
 * catalogue holds (`["Hi ", ["name"]]`), which `i18n._` interpolates as it does a catalogue's translations.
 */
const MACRO_IMPORT = /from\s+['"]@lingui\/(?:core|react)\/macro['"]/;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The repository's lingui.config.ts, found from here whatever the working directory (vite in apps/web, vitest at the root). */
export const LINGUI_CONFIG = { cwd: ROOT, configPath: `${ROOT}lingui.config.ts` };

/** The macros mark each message descriptor they emit (`{ id, message, values }`) with a leading /*i18n*\/ comment. */
const isMacroDescriptor = (node: t.ObjectExpression) => node.leadingComments?.some((c) => c.value.trim() === 'i18n') ?? false;

function precompileMessages(): PluginObj {
  return {
    name: 'sift-lingui-precompile-messages',
    visitor: {
      ObjectExpression(path) {
        if (!isMacroDescriptor(path.node)) return;
        for (const prop of path.node.properties) {
          if (t.isObjectProperty(prop) && t.isIdentifier(prop.key, { name: 'message' }) && t.isStringLiteral(prop.value)) {
            prop.value = t.valueToNode(compileMessageOrThrow(prop.value.value));
          }
        }
      },
    },
  };
}

export function linguiMacroPlugin(): Plugin {
  const linguiConfig = getConfig({ ...LINGUI_CONFIG, skipValidation: true });
  return {
    name: 'sift-lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?(?:\?|$)/.test(id) || !MACRO_IMPORT.test(code)) return null;
      const filename = id.split('?')[0]!;
      const common = { filename, babelrc: false, configFile: false } as const;
      const expanded = await transformAsync(code, {
        ...common,
        ast: true,
        code: false,
        parserOpts: { plugins: ['jsx', 'typescript'] },
        // Messages kept in every build: English renders from them.
        plugins: [[linguiMacro, { linguiConfig, stripMessageField: false }]],
      });
      if (!expanded?.ast) return null;
      const result = await transformFromAstAsync(expanded.ast, code, { ...common, sourceMaps: true, plugins: [precompileMessages] });
      if (!result?.code) return null;
      return { code: result.code, map: result.map };
    },
  };
}
