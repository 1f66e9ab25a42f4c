/**
 * Setup of the `web` test project (root vitest.config.ts): components render in English, the source language, inside
 * Lingui's I18nProvider like in the app (App.tsx), without each test wrapping them. `render` and `renderHook` of
 * @testing-library/react get the provider around any wrapper the test gives.
 */
import { I18nProvider } from '@lingui/react';
import type * as RTL from '@testing-library/react';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { beforeEach, vi } from 'vitest';
import { i18n, SOURCE_LOCALE } from '../lib/i18n';

const english = () => i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });
english();
// A test that switches the language does not leak it into the next one.
beforeEach(() => {
  if (i18n.locale !== SOURCE_LOCALE) english();
});

vi.mock('@testing-library/react', async (importOriginal) => {
  const rtl = await importOriginal<typeof RTL>();
  type Wrapper = ComponentType<{ children: ReactNode }>;
  const withI18n = (Inner?: Wrapper): Wrapper =>
    function I18nWrapper({ children }) {
      return createElement(I18nProvider, { i18n }, Inner ? createElement(Inner, null, children) : children);
    };
  return {
    ...rtl,
    render: ((ui: ReactNode, options?: RTL.RenderOptions) =>
      rtl.render(ui, { ...options, wrapper: withI18n(options?.wrapper as Wrapper | undefined) })) as typeof rtl.render,
    renderHook: ((cb: (props: unknown) => unknown, options?: RTL.RenderHookOptions<unknown>) =>
      rtl.renderHook(cb, { ...options, wrapper: withI18n(options?.wrapper as Wrapper | undefined) })) as typeof rtl.renderHook,
  };
});
