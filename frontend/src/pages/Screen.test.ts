import { describe, expect, it } from 'vitest';
import { wholeNumberStoryPath } from './Screen';

describe('wholeNumberStoryPath', () => {
  it('reads an id with leading zeros as the whole number it is', () => {
    expect(wholeNumberStoryPath('/story/011')).toBe('/story/11/');
    expect(wholeNumberStoryPath('/story/007/')).toBe('/story/7/');
    expect(wholeNumberStoryPath('/story/00')).toBe('/story/0/');
    expect(wholeNumberStoryPath('/story/012345678901234567890')).toBe('/story/12345678901234567890/');
  });
  it('leaves every other path alone', () => {
    for (const path of ['/story/11', '/story/11/', '/story/', '/story/0x1', '/story/01a', '/story/-01', '/story/01/more', '/x/story/01']) {
      expect(wholeNumberStoryPath(path), path).toBeUndefined();
    }
  });
});
