import { DEMO_PASSWORD, signInThroughForm } from './auth-helpers';
import { EXE, oversizePdf, PDF, PNG } from './media-helpers';
import { expect, test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

// Issue 30 item 3 (F-ENG-05): vendor@demo.test opens the Media tab of /vendor-dashboard, uploads
// a PDF and a PNG (each its own request with its progress), sees them listed with view and
// download, and the server refuses an .exe renamed .pdf and an oversize PDF with the uploader's
// messages; the files are removed afterwards (the demo server is shared).
for (const width of [390, 1366]) {
  test(`F-ENG-05 a vendor uploads a PDF and a PNG and is refused an .exe renamed .pdf and an oversize file at ${width} px`, async ({ page, axe, problems }) => {
    problems.allow({ reason: 'the server refuses the .exe renamed .pdf (400)', kind: 'http', url: '/api/media', status: 400, required: true });
    problems.allow({ reason: 'the server refuses the oversize PDF (413)', kind: 'http', url: '/api/media', status: 413, required: true });
    // Signed in on the desktop layout (the helper reads the account menu), then at the width.
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInThroughForm(page, 'vendor@demo.test', DEMO_PASSWORD, 'Nicole Bradford');
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/vendor-dashboard?tab=media');
    await expect(page.getByRole('tab', { name: 'Media' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Media library' })).toBeVisible();
    const zone = page.getByRole('button', { name: 'Upload files' });
    await expect(zone).toBeVisible();

    const pdfName = `media-kit-${width}.pdf`;
    const pngName = `storefront-${width}.png`;
    await page.getByTestId('media-input').setInputFiles([
      { name: pdfName, mimeType: 'application/pdf', buffer: PDF },
      { name: pngName, mimeType: 'image/png', buffer: PNG },
    ]);
    const list = page.getByRole('list', { name: 'Uploaded files' });
    const pdfRow = list.getByTestId('media-item').filter({ hasText: pdfName });
    const pngRow = list.getByTestId('media-item').filter({ hasText: pngName });
    await expect(pdfRow).toContainText('Document');
    await expect(pngRow).toContainText('Image');
    await expect(page.getByTestId('media-pending')).toHaveCount(0);

    // The picture's card size shows as its thumbnail; the PDF downloads as an attachment.
    const thumb = pngRow.locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const href = await pdfRow.getByRole('link', { name: `Download ${pdfName}` }).getAttribute('href');
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toMatch(new RegExp(`^attachment; filename="?${pdfName.replace('.', '\\.')}"?$`));
    expect(file.headers()['x-content-type-options']).toBe('nosniff');

    // An executable renamed .pdf: refused by its bytes, with the reason, and not listed.
    await page.getByTestId('media-input').setInputFiles({ name: `setup-${width}.pdf`, mimeType: 'application/pdf', buffer: EXE });
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to upload' });
    await expect(alert).toContainText(`Failed to upload setup-${width}.pdf: this type of file is not accepted.`);
    await expect(list.getByText(`setup-${width}.pdf`)).toHaveCount(0);

    // A PDF over the documents' 25 MB.
    await page.getByTestId('media-input').setInputFiles({ name: `huge-${width}.pdf`, mimeType: 'application/pdf', buffer: oversizePdf() });
    await expect(alert).toContainText(`Failed to upload huge-${width}.pdf: the file is too large.`, { timeout: 30_000 });
    await expect(list.getByText(`huge-${width}.pdf`)).toHaveCount(0);

    await axe(page);

    // Remove both: they leave the list and their addresses answer 404.
    await pdfRow.getByRole('button', { name: `Remove ${pdfName}` }).click();
    await expect(pdfRow).toHaveCount(0);
    await pngRow.getByRole('button', { name: `Remove ${pngName}` }).click();
    await expect(pngRow).toHaveCount(0);
    expect((await page.request.get(href!)).status()).toBe(404);
  });
}
