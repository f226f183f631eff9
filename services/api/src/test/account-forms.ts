import sharp from 'sharp';

export interface FilePart {
  data: Buffer;
  filename: string;
  type: string;
}

/** A multipart body for `app.inject`: JSON values become text fields, FileParts files. */
export async function multipartBody(fields: Record<string, unknown>): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value && typeof value === 'object' && 'data' in value && Buffer.isBuffer((value as FilePart).data)) {
      const file = value as FilePart;
      form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
    } else {
      form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

/** A small real PNG. */
export async function pngImage(color = '#3366ff'): Promise<FilePart> {
  const data = await sharp({ create: { width: 4, height: 4, channels: 3, background: color } }).png().toBuffer();
  return { data, filename: 'logo.png', type: 'image/png' };
}
