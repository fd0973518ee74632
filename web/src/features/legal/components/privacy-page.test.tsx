import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { PrivacyPage } from './privacy-page';

describe('PrivacyPage', () => {
  it('tells visitors they can delete their request and their Refi Buddy data themselves', async () => {
    mockApi({});
    renderPage(<PrivacyPage />);
    const keep = await screen.findByRole('heading', { name: 'How long we keep it' });
    const section = keep.closest('section') ?? document.body;
    expect(section).toHaveTextContent('“Delete my request” on your results page removes your request');
    expect(section).toHaveTextContent('“Delete my data” on Refi Buddy’s manage page');
    expect(section).not.toHaveTextContent('write to us and we delete them.');
  });
});
