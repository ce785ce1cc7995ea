import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '../../lib/media';
import { FakeXHR } from '../../test/xhr';
import { ImageUpload, type ImageUploadProps } from './ImageUpload';

function stored(id: string, name: string): MediaItem {
  return {
    id,
    name,
    kind: 'image',
    size: 2048,
    content_type: 'image/png',
    created_at: '2026-11-29T09:30:00Z',
    url: `/api/media/${id}/file`,
    card_url: `/api/media/${id}/file?variant=card`,
    detail_url: `/api/media/${id}/file?variant=detail`,
    variants: [],
  };
}

let values: string[] = [];
let deleted: string[] = [];

function Harness(props: Partial<ImageUploadProps> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <ImageUpload
      label="Logo"
      {...props}
      value={value}
      onChange={(v) => {
        values.push(v);
        setValue(v);
      }}
    />
  );
}

function renderUpload(props: Partial<ImageUploadProps> & { initial?: string } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const png = (name = 'logo.png', size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const choose = (file: File) => fireEvent.change(screen.getByTestId('image-upload-input'), { target: { files: [file] } });
const group = () => screen.getByRole('group', { name: 'Logo' });

beforeEach(() => {
  FakeXHR.sent = [];
  values = [];
  deleted = [];
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  // jsdom has no object URLs: the chosen file's preview gets a stand-in address.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      deleted.push(`${req.method} ${new URL(req.url).pathname}`);
      return new Response(null, { status: 204 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('F-ENG-05 one picture of a form, uploaded through the media service', () => {
  it('uploads a chosen picture as an image with its progress over a preview, then saves its address', async () => {
    renderUpload();
    expect(within(group()).getByRole('button', { name: 'Logo: choose a picture' })).toHaveTextContent('Choose a picture');
    expect(group()).toHaveAccessibleDescription(/PNG, JPEG, WebP or GIF up to 10 MB/);
    choose(png());
    const xhr = FakeXHR.sent[0]!;
    expect(xhr.url).toBe('/api/media');
    expect(xhr.body?.get('accept')).toBe('image');
    const bar = screen.getByRole('progressbar', { name: 'Upload progress of logo.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(screen.getByTestId('image-upload-preview')).toHaveAttribute('src', 'blob:preview');
    xhr.progress(70, 100);
    expect(bar).toHaveAttribute('aria-valuenow', '70');
    await xhr.respond(201, stored('m1', 'logo.png'));
    expect(values).toEqual(['/api/media/m1/file']);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('img', { name: 'Logo: the current picture' })).toHaveAttribute('src', '/api/media/m1/file');
    expect(screen.getByText('logo.png uploaded')).toBeInTheDocument();
    expect(within(group()).getByRole('button', { name: 'Logo: replace the picture' })).toBeInTheDocument();
  });

  it('shows a service picture in its card size', async () => {
    renderUpload({ shape: 'wide', initial: '/api/media/m9/file' });
    expect(screen.getByRole('img', { name: 'Logo: the current picture' })).toHaveAttribute('src', '/api/media/m9/file?variant=card');
  });

  it("says why the server refused a file and keeps the form's picture", async () => {
    renderUpload({ initial: '/demo/logos/closingbell.png' });
    choose(png('setup.png'));
    await FakeXHR.sent[0]!.respond(400, {
      code: 'invalid',
      message: 'This type of file is not accepted',
      fields: [{ field: 'file', key: 'media.type', message: 'This type of file is not accepted' }],
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload setup.png: this type of file is not accepted.');
    expect(values).toEqual([]);
    expect(screen.getByRole('img', { name: 'Logo: the current picture' })).toHaveAttribute('src', '/demo/logos/closingbell.png');
  });

  it('refuses a picture over 10 MB before sending it', () => {
    renderUpload();
    choose(png('huge.png', (10 << 20) + 1));
    expect(FakeXHR.sent).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload huge.png: the file is too large.');
  });

  it('deletes a file uploaded here when it is replaced or removed, but only detaches the saved picture', async () => {
    renderUpload({ initial: '/api/media/saved/file' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Logo: remove the picture' })));
    expect(values).toEqual(['']);
    expect(deleted).toEqual([]);
    expect(screen.getByText('Logo: picture removed. Save to keep the change.')).toBeInTheDocument();

    choose(png('first.png'));
    await FakeXHR.sent[0]!.respond(201, stored('m1', 'first.png'));
    choose(png('second.png'));
    await FakeXHR.sent[1]!.respond(201, stored('m2', 'second.png'));
    expect(values).toEqual(['', '/api/media/m1/file', '/api/media/m2/file']);
    await waitFor(() => expect(deleted).toEqual(['DELETE /api/media/m1']));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Logo: remove the picture' })));
    await waitFor(() => expect(deleted).toEqual(['DELETE /api/media/m1', 'DELETE /api/media/m2']));
  });

  it('cancels an upload in progress and tells the form while it is busy', async () => {
    const busy: boolean[] = [];
    renderUpload({ onBusy: (b) => busy.push(b) });
    choose(png());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of logo.png' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload logo.png: the upload was cancelled.');
    expect(values).toEqual([]);
    expect(busy).toEqual([false, true, false]);
  });
});
