import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('is configured jitless before any schema is built', async () => {
    await import('./zod-csp');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
