#!/usr/bin/env node
// Draws media/icon.png (128×128, the marketplace icon): report lines with a check mark, on a
// rounded square. Kept as code so the icon can be regenerated without an image editor.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const SIZE = 128;
const pixels = Buffer.alloc(SIZE * SIZE * 4);

/** Coverage of a pixel by a shape, estimated on a 4×4 subsample grid for smooth edges. */
function paint(inside, [r, g, b]) {
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) hits++;
      if (!hits) continue;
      const a = hits / 16;
      const i = (y * SIZE + x) * 4;
      const under = pixels[i + 3] / 255;
      const out = a + under * (1 - a);
      pixels[i] = Math.round((r * a + pixels[i] * under * (1 - a)) / out);
      pixels[i + 1] = Math.round((g * a + pixels[i + 1] * under * (1 - a)) / out);
      pixels[i + 2] = Math.round((b * a + pixels[i + 2] * under * (1 - a)) / out);
      pixels[i + 3] = Math.round(out * 255);
    }
  }
}

const roundedRect = (x0, y0, x1, y1, radius) => (x, y) => {
  const cx = Math.min(Math.max(x, x0 + radius), x1 - radius);
  const cy = Math.min(Math.max(y, y0 + radius), y1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
};
/** A thick segment with round caps. */
const segment = (ax, ay, bx, by, width) => (x, y) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= (width / 2) ** 2;
};

paint(roundedRect(4, 4, 124, 124, 24), [21, 101, 112]);
const white = [255, 255, 255];
paint(segment(26, 34, 78, 34, 9), white);
paint(segment(26, 54, 92, 54, 9), white);
paint(segment(26, 74, 62, 74, 9), white);
paint(segment(26, 96, 58, 96, 9), [178, 223, 219]);
const check = [255, 213, 79];
paint(segment(70, 86, 83, 99, 11), check);
paint(segment(83, 99, 104, 68, 11), check);

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) pixels.copy(rows, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
fs.writeFileSync(path.join(__dirname, '..', 'media', 'icon.png'), png);
