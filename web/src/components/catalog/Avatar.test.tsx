import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

// F-ENG-05: a logo or photo loads in its 128 px thumb size, not the stored original (up to
// 2560 px and a megabyte), lazily, in a box of fixed size; other addresses load as they are.
describe('F-ENG-05 Avatar picture size', () => {
  it('an uploaded logo asks for its thumb size, lazily', () => {
    const { container } = render(<Avatar src="/api/media/019a0c4e-7f00-7000-8000-00000000000a/file" name="Acme Title" />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/api/media/019a0c4e-7f00-7000-8000-00000000000a/file?variant=thumb');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('a demo logo, another site or a chosen size loads as it is', () => {
    for (const src of ['/demo/logos/closingbell.svg', 'https://example.com/logo.png', '/api/media/abc/file?variant=card']) {
      const { container, unmount } = render(<Avatar src={src} name="Acme" />);
      expect(container.querySelector('img')).toHaveAttribute('src', src);
      unmount();
    }
  });
});
