import { describe, expect, it } from 'vitest';
import { yieldToPage } from '../../src/store/write/yield-to-page.js';

describe('yieldToPage', () => {
  it('resumes in a later task: work queued before it runs first, which a microtask never lets happen', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('queued task'));
    await Promise.resolve();
    order.push('after a microtask');
    await yieldToPage();
    order.push('after yieldToPage');
    expect(order).toEqual(['after a microtask', 'queued task', 'after yieldToPage']);
  });
});
