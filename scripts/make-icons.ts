// Renders public/icons/icon.svg into the PNG icons the manifest and the page use. Run it after
// changing the SVG: node scripts/make-icons.ts
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const svg = readFileSync('public/icons/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();

async function render(size: number, path: string, { maskable = false } = {}) {
  await page.setViewportSize({ width: size, height: size });
  // A maskable icon keeps its mark inside the central 80% safe zone on a full-bleed background.
  const inner = maskable
    ? `<div style="width:100%;height:100%;background:#0f766e;display:grid;place-items:center"><div style="width:80%;height:80%">${svg}</div></div>`
    : svg;
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><div style="width:${size}px;height:${size}px">${inner}</div></body></html>`,
  );
  await page.screenshot({ path, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

await render(192, 'public/icons/icon-192.png');
await render(512, 'public/icons/icon-512.png');
await render(512, 'public/icons/maskable-512.png', { maskable: true });
await render(96, 'public/logo.png');
await browser.close();
