import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '../../lib/media';
import { FakeXHR } from '../../test/xhr';
import { MediaUploader, type MediaUploaderProps } from './MediaUploader';

function item(id: string, name: string, kind: MediaItem['kind'] = 'document'): MediaItem {
  return {
    id,
    name,
    kind,
    size: 2048,
    content_type: kind === 'image' ? 'image/png' : 'application/pdf',
    created_at: '2026-11-29T09:30:00Z',
    url: `/api/media/${id}/file`,
    card_url: kind === 'image' ? `/api/media/${id}/file?variant=card` : '',
    detail_url: '',
    variants: [],
  };
}

let changes: MediaItem[][] = [];

function Harness(props: Partial<MediaUploaderProps> & { initial?: MediaItem[] }) {
  const [value, setValue] = useState<MediaItem[]>(props.initial ?? []);
  return (
    <MediaUploader
      {...props}
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

function renderUploader(props: Partial<MediaUploaderProps> & { initial?: MediaItem[] } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

function choose(...files: File[]) {
  fireEvent.change(screen.getByTestId('media-input'), { target: { files } });
}

const pdf = (name = 'kit.pdf', size = 1000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

beforeEach(() => {
  FakeXHR.sent = [];
  changes = [];
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
});

describe('F-ENG-05 media uploader', () => {
  it("refuses more files than max with 'Maximum N files allowed' and sends none", () => {
    renderUploader({ initial: [item('a', 'a.pdf'), item('b', 'b.pdf'), item('c', 'c.pdf'), item('d', 'd.pdf')] });
    expect(screen.getByText(/4 of 5 files/)).toBeInTheDocument();
    choose(pdf('e.pdf'), pdf('f.pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum 5 files allowed');
    expect(FakeXHR.sent).toHaveLength(0);
  });

  it('takes 20 in the funnel editor', () => {
    renderUploader({ max: 20, initial: [item('a', 'a.pdf')] });
    expect(screen.getByText(/1 of 20 files/)).toBeInTheDocument();
  });

  it('shows each upload with its progress from 10% and lists the file once stored', async () => {
    renderUploader({ accept: ['image'] });
    choose(pdf('logo.png'));
    expect(FakeXHR.sent).toHaveLength(1);
    const xhr = FakeXHR.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/media');
    expect(xhr.body?.get('accept')).toBe('image');
    const bar = screen.getByRole('progressbar', { name: 'Upload progress of logo.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    xhr.progress(60, 100);
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    await xhr.respond(201, item('m1', 'logo.png', 'image'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(changes.at(-1)?.map((x) => x.id)).toEqual(['m1']);
    const row = screen.getByTestId('media-item');
    expect(within(row).getByText('logo.png')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View logo.png' })).toHaveAttribute('href', '/api/media/m1/file');
    expect(within(row).getByRole('link', { name: 'Download logo.png' })).toHaveAttribute('download', 'logo.png');
    expect(screen.getByText('logo.png uploaded')).toBeInTheDocument();
  });

  it("takes a failed upload off the list and says why (the server's refusal of an .exe renamed .pdf)", async () => {
    renderUploader();
    choose(pdf('setup.pdf'));
    await FakeXHR.sent[0]!.respond(400, {
      code: 'invalid',
      message: 'This type of file is not accepted',
      fields: [{ field: 'file', key: 'media.type', message: 'This type of file is not accepted' }],
    });
    expect(screen.queryByTestId('media-pending')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload setup.pdf: this type of file is not accepted.');
    expect(changes).toHaveLength(0);
  });

  it('refuses a file over the largest limit without sending it', () => {
    renderUploader();
    const huge = pdf('huge.mov', 1);
    Object.defineProperty(huge, 'size', { value: 51 << 20 });
    choose(huge);
    expect(FakeXHR.sent).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload huge.mov: the file is too large.');
  });

  it('removes a file by deleting it from the library', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    renderUploader({ initial: [item('a', 'a.pdf'), item('b', 'b.pdf')] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove a.pdf' })));
    const req = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(req.method).toBe('DELETE');
    expect(new URL(req.url).pathname).toBe('/api/media/a');
    expect(changes.at(-1)?.map((x) => x.id)).toEqual(['b']);
    expect(screen.queryByText('a.pdf')).not.toBeInTheDocument();
  });

  it('detach mode only takes the file out of the list', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderUploader({ removeMode: 'detach', initial: [item('a', 'a.pdf')] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove a.pdf' })));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(changes.at(-1)).toEqual([]);
  });

  it('opens the file chooser from the keyboard', () => {
    renderUploader();
    const input = screen.getByTestId('media-input');
    const click = vi.spyOn(input, 'click');
    const zone = screen.getByRole('button', { name: 'Upload files' });
    fireEvent.keyDown(zone, { key: 'Enter' });
    fireEvent.keyDown(zone, { key: ' ' });
    expect(click).toHaveBeenCalledTimes(2);
  });
});
