import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../test/render';
import { browser } from './browser';
import i18n, { detectLanguage } from './i18n';

describe('F-APP-06 language choice', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/api/config': { body: DEFAULT_CONFIG } })));
  });
  afterEach(async () => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });

  it('reads preferredLanguage from localStorage, falling back to English', () => {
    expect(detectLanguage()).toBe('en');
    window.localStorage.setItem('preferredLanguage', 'fr');
    expect(detectLanguage()).toBe('fr');
    window.localStorage.setItem('preferredLanguage', 'de');
    expect(detectLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('choosing a language stores it, says Switching to Español… at once, then reloads the page (issue 18 item 9)', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    await renderApp('/lobby');
    await screen.findByRole('heading', { level: 1 });
    const picker = within(screen.getByRole('banner')).getByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(picker, 'Español');
    expect(window.localStorage.getItem('preferredLanguage')).toBe('es');
    // The feedback, before the reload: the picker is busy and says where it is going.
    expect(picker).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('language-switching')).toHaveTextContent('Switching to Español…');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it.each([
    ['es', 'Explorar por categoría', 'Empieza gratis', 'Debes tener 18 años o más para usar Circle.'],
    ['fr', 'Parcourir par catégorie', 'Commencer gratuitement', 'Vous devez avoir 18 ans ou plus pour utiliser Circle.'],
  ])('renders the shell and screens in %s', async (lang, title, cta, notice) => {
    await act(async () => {
      await i18n.changeLanguage(lang);
    });
    await renderApp('/lobby');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByRole('link', { name: cta })).toBeInTheDocument();
    expect(screen.getByText(notice)).toBeInTheDocument();
  });
});
