import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdSlot } from './AdSlot';

afterEach(() => {
  delete window.adsbygoogle;
});

describe('AdSlot', () => {
  it('without a publisher id reserves a labelled box of the same height and asks for no ad', () => {
    const { container, getByText } = render(<AdSlot client="" minHeight={250} />);
    expect(getByText('Advertisement')).toBeTruthy();
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('250px');
    expect(container.querySelector('ins')).toBeNull();
    expect(window.adsbygoogle).toBeUndefined();
  });

  it('with a publisher id pushes one request on mount, with its props', () => {
    const { container } = render(<AdSlot client="ca-pub-1" slot="42" layoutKey="-fb" minHeight={200} />);
    expect(window.adsbygoogle).toHaveLength(1);
    const ins = container.querySelector('ins')!;
    expect(ins.dataset.adClient).toBe('ca-pub-1');
    expect(ins.dataset.adSlot).toBe('42');
    expect(ins.dataset.adFormat).toBe('auto');
    expect(ins.dataset.adLayoutKey).toBe('-fb');
    expect(ins.style.display).toBe('block');
  });

  it('only logs a failure', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.adsbygoogle = { push: () => { throw new Error('blocked'); } } as unknown as unknown[];
    expect(() => render(<AdSlot client="ca-pub-1" minHeight={200} />)).not.toThrow();
    expect(error).toHaveBeenCalledWith('AdSense error', expect.any(Error));
  });
});
