import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { preloadAllPages } from '@/app/lazy-page';
import { ContactModal } from '@/app/provider';
import { routes } from '@/app/routes';
import { forgetSignIn } from '@/lib/auth';
import { mockApi } from './mock-api';

// A ceiling, not a timing: findBy*/waitFor return as soon as the page shows
// what they wait for. On a loaded 2-core CI machine the lazily loaded admin
// area took over a second to render, past the library's 1 s default.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no <dialog> showModal()/close(); model them with the open attribute.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    // Like the browser, move focus into the dialog.
    this.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom has no ResizeObserver; charts only need it to exist.
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Pages load with their route (decision 0015); the tests render them at once, as
// the browser does after loading the page's code before its first render.
beforeAll(() => Promise.all([preloadAllPages(routes), ContactModal.preload()]));

beforeEach(() => {
  window.localStorage.clear();
  // Each test starts signed out: no bearer token held in memory.
  forgetSignIn();
  // An API that answers only the site's details (the demonstration site), until a test lists its own answers.
  mockApi({});
  // jsdom does not implement scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
});
