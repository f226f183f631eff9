import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '@/testing/test-utils';
import { DropZone, type DropZoneProps } from '@/components/ui/drop-zone';

const IMAGES = ['image/png', 'image/jpeg'];
const png = (name = 'a.png', size = 4) => new File([new Uint8Array(size)], name, { type: 'image/png' });

function Harness(props: Partial<DropZoneProps>) {
  const [files, setFiles] = useState<File[]>([]);
  return <DropZone label="Logo" testId="logo" accept={IMAGES} maxBytes={1024 * 1024} files={files} onChange={setFiles} {...props} />;
}

describe('DropZone', () => {
  it('is reached by its label and shows a thumbnail and the name of the file picked by click', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.upload(screen.getByLabelText('Logo'), png());
    expect(screen.getByRole('img', { name: 'a.png' })).toBeInTheDocument();
    expect(screen.getByText('a.png')).toBeVisible();
    expect(screen.getByText('PNG, JPEG, up to 1 MB.')).toBeInTheDocument();
  });

  it('takes dropped files, up to the maximum', () => {
    renderWithProviders(<Harness multiple max={2} />);
    fireEvent.drop(screen.getByTestId('logo-zone'), { dataTransfer: { files: [png('1.png'), png('2.png'), png('3.png')] } });
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('At most 2 files; the rest were not added.');
  });

  it('takes an image pasted from the clipboard', () => {
    renderWithProviders(<Harness />);
    fireEvent.paste(screen.getByLabelText('Logo'), { clipboardData: { files: [png('pasted.png')] } });
    expect(screen.getByRole('img', { name: 'pasted.png' })).toBeInTheDocument();
  });

  it('removes a picked file with its own named button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness multiple max={3} />);
    await user.upload(screen.getByLabelText('Logo'), [png('1.png'), png('2.png')]);
    await user.click(screen.getByRole('button', { name: 'Remove 1.png' }));
    expect(screen.queryByRole('img', { name: '1.png' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: '2.png' })).toBeInTheDocument();
  });

  it('refuses a file of another type before anything is uploaded', () => {
    renderWithProviders(<Harness />);
    const pdf = new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [pdf] } });
    expect(screen.getByRole('alert')).toHaveTextContent('manual.pdf was not added: only PNG, JPEG files are accepted.');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('refuses a file over the size limit', () => {
    renderWithProviders(<Harness maxBytes={2 * 1024 * 1024} />);
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [png('big.png', 3 * 1024 * 1024)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('big.png was not added: it is larger than 2 MB.');
  });

  it('shows the stored images next to the new ones, each removable', async () => {
    const user = userEvent.setup();
    const removed: string[] = [];
    renderWithProviders(
      <Harness multiple max={5} stored={[{ key: 'p/1.png', src: '/files/p/1.png', alt: 'Image 1' }]} onRemoveStored={(key) => removed.push(key)} />,
    );
    await user.upload(screen.getByLabelText('Logo'), png('new.png'));
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Image 1', 'new.png']);
    await user.click(screen.getByRole('button', { name: 'Remove Image 1' }));
    expect(removed).toEqual(['p/1.png']);
  });

  it('lists a spreadsheet by name, without a thumbnail', () => {
    renderWithProviders(<Harness accept={['.csv', '.xlsx']} thumbnails={false} maxBytes={1000} />);
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [new File(['a,b'], 'serials.csv', { type: 'text/csv' })] } });
    expect(screen.getByText(/serials\.csv/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the upload progress while the form is sent', () => {
    renderWithProviders(<Harness progress={0.4} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading… 40%' })).toHaveAttribute('value', '0.4');
  });
});
