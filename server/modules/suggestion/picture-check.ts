/**
 * Decides whether an uploaded feedback picture is safe to store and serve back.
 *
 * It guards against pictures that are also something else: SVG documents carrying script,
 * event handlers, foreign HTML, external references or entity tricks, and raster polyglots
 * (a GIF, JPEG or PNG with HTML/JS appended after its end or embedded in its metadata) that a
 * browser or a server template engine could be led to run. Rasters are walked to their real end;
 * SVG is parsed strictly and rebuilt from an allowlist, so only what we emit is stored.
 *
 * Pure and synchronous. Rasters cost one linear pass; a large SVG costs a full XML parse, so a
 * caller may run this in a worker thread to keep the event loop free.
 */
import { crc32 } from 'node:zlib';
import { SaxesParser } from 'saxes';
import type { SaxesAttributeNS, SaxesTagNS } from 'saxes';
import { sniffImageType } from '../../../src/contract';

export type PictureMime = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/svg+xml';
export type PictureVerdict =
  | { ok: true; mime: PictureMime; bytes: Buffer /* unchanged for rasters, the cleaned document for SVG */ }
  | { ok: false; reason: 'badType' | 'polyglot' | 'unsafeSvg' };

type RasterMime = Exclude<PictureMime, 'image/svg+xml'>;
/** Byte ranges [start, end) of textual metadata (comments, text chunks), scanned more strictly. */
type TextRanges = Array<[number, number]>;

export function inspectPicture(bytes: Buffer): PictureVerdict {
  const mime = sniffImageType(bytes);
  if (mime === null) return { ok: false, reason: 'badType' };
  if (mime === 'image/svg+xml') {
    const cleaned = cleanSvg(bytes);
    return cleaned === null
      ? { ok: false, reason: 'unsafeSvg' }
      : { ok: true, mime, bytes: Buffer.from(cleaned, 'utf8') };
  }
  return isCleanRaster(bytes, mime) ? { ok: true, mime, bytes } : { ok: false, reason: 'polyglot' };
}

function isCleanRaster(bytes: Buffer, mime: RasterMime): boolean {
  const textRanges: TextRanges = [];
  const end =
    mime === 'image/png'
      ? pngEnd(bytes, textRanges)
      : mime === 'image/gif'
        ? gifEnd(bytes, textRanges)
        : jpegEnd(bytes, textRanges);
  if (end === null) return false;
  if (end < bytes.length) {
    // Some cameras and editors pad JPEGs with zeros after EOI; zeros cannot carry content.
    // PNG and GIF writers do not, so anything after their end is refused.
    if (mime !== 'image/jpeg' || !isAllZero(bytes, end)) return false;
  }
  return !containsActiveContent(bytes, textRanges);
}

// ---------------------------------------------------------------------------------------------
// Active-content markers in raster bytes

/**
 * Tag markers need a delimiter after the name, as an HTML tokenizer does: without it, `<svg`
 * (4 bytes, 8 case variants) turns up by chance in about 1 % of 5 MB compressed images.
 */
const activeContent =
  /<(?:script|html|body|iframe|object|embed|svg)[\t\n\f\r />]|<\?php|javascript:|<!doctype/i;
/**
 * `<%` is two bytes: random compressed data holds one every 64 KB on average, so it is looked
 * for only in textual metadata, where an ASP/JSP payload would sit in readable form.
 */
const templateTag = /<%/;

function containsActiveContent(bytes: Buffer, textRanges: TextRanges): boolean {
  // latin1 maps each byte to one char, so the regex sees the raw bytes in one native pass.
  if (activeContent.test(bytes.toString('latin1'))) return true;
  return textRanges.some(([start, end]) => templateTag.test(bytes.toString('latin1', start, end)));
}

function isAllZero(bytes: Buffer, from: number): boolean {
  for (let i = from; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// PNG: signature, then chunks until IEND (PNG spec §5)

const pngSignatureLength = 8;
const pngTextChunk = 0x74455874; // tEXt
const pngInternationalTextChunk = 0x69545874; // iTXt

/** Offset just past IEND, or null when the chunk structure is broken. */
function pngEnd(bytes: Buffer, textRanges: TextRanges): number | null {
  let pos = pngSignatureLength;
  let first = true;
  let sawImageData = false;
  while (pos + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const typeStart = pos + 4;
    const dataStart = pos + 8;
    const dataEnd = dataStart + length;
    // spec §5.3: lengths are below 2^31; the CRC must fit too.
    if (length > 0x7fffffff || dataEnd + 4 > bytes.length) return null;
    if (!isChunkType(bytes, typeStart)) return null;
    const type = bytes.toString('latin1', typeStart, dataStart);
    if (first && type !== 'IHDR') return null;
    first = false;
    // CRCs are checked: a mismatch means the bytes were altered after encoding, and decoders
    // refuse such critical chunks anyway.
    if (crc32(bytes.subarray(typeStart, dataEnd)) !== bytes.readUInt32BE(dataEnd)) return null;
    if (type === 'IDAT') sawImageData = true;
    const typeCode = bytes.readUInt32BE(typeStart);
    if (typeCode === pngTextChunk) textRanges.push([dataStart, dataEnd]);
    if (typeCode === pngInternationalTextChunk && isUncompressedInternationalText(bytes, dataStart, dataEnd))
      textRanges.push([dataStart, dataEnd]);
    pos = dataEnd + 4;
    if (type === 'IEND') return length === 0 && sawImageData ? pos : null;
  }
  return null;
}

function isChunkType(bytes: Buffer, at: number): boolean {
  for (let i = at; i < at + 4; i++) {
    const c = bytes[i] ?? 0;
    if (!((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a))) return false;
  }
  return true;
}

/** iTXt: keyword, NUL, compression flag; compressed text is binary and not scanned for `<%`. */
function isUncompressedInternationalText(bytes: Buffer, start: number, end: number): boolean {
  const nul = bytes.indexOf(0, start);
  return nul >= 0 && nul + 1 < end && bytes[nul + 1] === 0;
}

// ---------------------------------------------------------------------------------------------
// GIF: header, logical screen descriptor, blocks until the trailer (GIF89a spec §17–27)

const gifImageDescriptor = 0x2c;
const gifExtension = 0x21;
const gifTrailer = 0x3b;
const gifCommentLabel = 0xfe;
const gifPlainTextLabel = 0x01;

/** Offset just past the trailer, or null when the block structure is broken. */
function gifEnd(bytes: Buffer, textRanges: TextRanges): number | null {
  const headerAndScreen = 6 + 7;
  if (bytes.length < headerAndScreen) return null;
  let pos = headerAndScreen + colourTableLength(bytes[10] ?? 0);
  while (pos < bytes.length) {
    const introducer = bytes[pos];
    if (introducer === gifTrailer) return pos + 1;
    if (introducer === gifImageDescriptor) {
      const descriptorEnd = pos + 10;
      if (descriptorEnd > bytes.length) return null;
      // After the (optional) local colour table comes one byte: the LZW minimum code size.
      const next = subBlocksEnd(bytes, descriptorEnd + colourTableLength(bytes[pos + 9] ?? 0) + 1);
      if (next === null) return null;
      pos = next;
    } else if (introducer === gifExtension) {
      const label = bytes[pos + 1];
      const next = subBlocksEnd(bytes, pos + 2);
      if (next === null) return null;
      if (label === gifCommentLabel || label === gifPlainTextLabel) textRanges.push([pos + 2, next]);
      pos = next;
    } else {
      return null;
    }
  }
  return null;
}

/** A packed field's colour-table flag (bit 7) and size (bits 0–2): 3 × 2^(size+1) bytes. */
function colourTableLength(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

/** Offset past a chain of data sub-blocks ending with the zero-length terminator. */
function subBlocksEnd(bytes: Buffer, from: number): number | null {
  let pos = from;
  while (pos < bytes.length) {
    const size = bytes[pos] ?? 0;
    pos += 1;
    if (size === 0) return pos;
    pos += size;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// JPEG: SOI, marker segments, entropy-coded data after each SOS, until EOI (ITU T.81 §B)

const jpegEoi = 0xd9;
const jpegSoi = 0xd8;
const jpegSos = 0xda;
const jpegCom = 0xfe;
const jpegTem = 0x01;

/** Offset just past EOI, or null when the segment structure is broken. */
function jpegEnd(bytes: Buffer, textRanges: TextRanges): number | null {
  let pos = 2;
  let sawScan = false;
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) return null;
    // §B.1.1.2: any marker may be preceded by 0xFF fill bytes.
    while (bytes[pos + 1] === 0xff) pos++;
    const marker = bytes[pos + 1];
    if (marker === undefined) return null;
    pos += 2;
    if (marker === jpegEoi) return sawScan ? pos : null;
    if (marker === jpegTem || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0x00 || marker === jpegSoi) return null;
    if (pos + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(pos);
    const segmentEnd = pos + length;
    if (length < 2 || segmentEnd > bytes.length) return null;
    if (marker === jpegCom) textRanges.push([pos + 2, segmentEnd]);
    pos = segmentEnd;
    if (marker === jpegSos) {
      sawScan = true;
      const next = entropyDataEnd(bytes, pos);
      if (next === null) return null;
      pos = next;
    }
  }
  return null;
}

/** Offset of the first marker after entropy-coded data (stuffed 0xFF00 and RSTn are data). */
function entropyDataEnd(bytes: Buffer, from: number): number | null {
  let pos = from;
  for (;;) {
    const ff = bytes.indexOf(0xff, pos);
    if (ff < 0 || ff + 1 >= bytes.length) return null;
    const next = bytes[ff + 1] ?? 0;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) pos = ff + 2;
    else if (next === 0xff) pos = ff + 1;
    else return ff;
  }
}

// ---------------------------------------------------------------------------------------------
// SVG: strict parse, rebuilt from an allowlist

const svgNs = 'http://www.w3.org/2000/svg';
const xlinkNs = 'http://www.w3.org/1999/xlink';
const xmlNs = 'http://www.w3.org/XML/1998/namespace';
const rootNamespace = `xmlns="${svgNs}"`;
const maxDepth = 200;
const maxElements = 50_000;

/** Static drawing only: no script, animation, links, foreign content, style sheets or feImage. */
const allowedElements = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'metadata', 'symbol', 'use', 'switch',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'image',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood',
  'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode',
  'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile',
  'feTurbulence',
]); // prettier-ignore

/** Attributes in no namespace that draw or lay out; `href` and `style` are judged separately. */
const allowedAttributes = new Set([
  // core and accessibility
  'id', 'class', 'lang', 'role', 'focusable', 'systemLanguage',
  // geometry and coordinate systems
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr',
  'width', 'height', 'd', 'points', 'pathLength', 'viewBox', 'preserveAspectRatio', 'version',
  'transform', 'transform-origin',
  // paint servers, clipping, masking, markers
  'gradientTransform', 'gradientUnits', 'spreadMethod', 'offset',
  'patternTransform', 'patternUnits', 'patternContentUnits',
  'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'markerUnits', 'markerWidth', 'markerHeight', 'refX', 'refY', 'orient',
  // text layout
  'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side',
  // filters and their primitives
  'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'type', 'values',
  'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'operator', 'k1', 'k2', 'k3', 'k4',
  'order', 'kernelMatrix', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode', 'preserveAlpha',
  'kernelUnitLength', 'surfaceScale', 'diffuseConstant', 'specularConstant', 'specularExponent',
  'scale', 'xChannelSelector', 'yChannelSelector', 'radius', 'baseFrequency', 'numOctaves', 'seed',
  'stitchTiles', 'azimuth', 'elevation', 'z', 'pointsAtX', 'pointsAtY', 'pointsAtZ',
  'limitingConeAngle',
  // presentation attributes
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity',
  'color', 'display', 'visibility', 'overflow', 'clip', 'clip-path', 'clip-rule', 'mask', 'filter',
  'marker-start', 'marker-mid', 'marker-end', 'stop-color', 'stop-opacity',
  'flood-color', 'flood-opacity', 'lighting-color', 'color-interpolation',
  'color-interpolation-filters', 'color-rendering', 'shape-rendering', 'text-rendering',
  'image-rendering', 'paint-order', 'vector-effect', 'mix-blend-mode', 'isolation',
  'enable-background', 'font-family', 'font-size', 'font-size-adjust', 'font-stretch', 'font-style',
  'font-variant', 'font-weight', 'text-anchor', 'text-decoration', 'dominant-baseline',
  'alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing', 'writing-mode',
  'direction', 'unicode-bidi', 'white-space',
]); // prettier-ignore

/** Elements whose CDATA sections are text a reader sees; elsewhere CDATA is dropped. */
const textElements = new Set(['text', 'tspan', 'textPath', 'title', 'desc']);

/** `url(#id)`: a reference inside this document (gradients, clip paths, markers, filters). */
const localUrl = /url\(\s*(['"]?)#[\w.:-]+\1\s*\)/gi;
const localFragment = /^#[\p{L}\p{N}_.:-]+$/u;
/** Inline styles may not fetch, import, run or escape; `image-set()` takes bare URL strings. */
const unsafeStyle = /url\(|expression|@import|javascript|\\|<|image-set/i;
/** Applied to a trimmed value; no trailing `\s*`, whose overlap with the class would backtrack. */
const embeddedRaster = /^data:(image\/(?:png|jpeg|gif));base64,([\sA-Za-z0-9+/]*={0,2})$/;

class UnsafeSvg extends Error {}

interface OpenElement {
  name: string;
  /** True when this element and its subtree are dropped. */
  dropped: boolean;
}

/** The cleaned document, or null when the input is malformed or cannot be made safe. */
function cleanSvg(bytes: Buffer): string | null {
  let text: string;
  try {
    // fatal: a document that is not valid UTF-8 is not one we can faithfully rebuild.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const open: OpenElement[] = [];
  let elements = 0;
  let rootStart = -1;
  let usesXlink = false;

  const parser = new SaxesParser({ xmlns: true, position: false });
  parser.on('doctype', () => {
    // No DTD at all: no entity declarations, so no XXE and no entity expansion bombs.
    throw new UnsafeSvg('doctype');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    elements += 1;
    if (elements > maxElements || open.length + 1 > maxDepth) throw new UnsafeSvg('too large');
    const parent = open[open.length - 1];
    if (parent === undefined && !(tag.uri === svgNs && tag.local === 'svg')) throw new UnsafeSvg('root');
    const dropped = (parent?.dropped ?? false) || tag.uri !== svgNs || !allowedElements.has(tag.local);
    open.push({ name: tag.local, dropped });
    if (dropped) return;
    let start = `<${tag.local}`;
    if (parent === undefined) {
      rootStart = out.length;
      start += ` ${rootNamespace}`;
    }
    for (const attribute of Object.values(tag.attributes)) {
      const kept = keptAttribute(attribute, tag.local);
      if (kept === null) continue;
      if (kept.name.startsWith('xlink:')) usesXlink = true;
      start += ` ${kept.name}="${escapeAttribute(kept.value)}"`;
    }
    out.push(tag.isSelfClosing ? `${start}/>` : `${start}>`);
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    const element = open.pop();
    if (element !== undefined && !element.dropped && !tag.isSelfClosing) out.push(`</${element.name}>`);
  });
  parser.on('text', (value) => {
    const current = open[open.length - 1];
    if (current !== undefined && !current.dropped) out.push(escapeText(value));
  });
  parser.on('cdata', (value) => {
    const current = open[open.length - 1];
    if (current !== undefined && !current.dropped && textElements.has(current.name))
      out.push(escapeText(value));
  });
  // Comments, processing instructions and the XML declaration are not listened to: dropped.

  try {
    parser.write(text).close();
  } catch {
    // saxes throws on any well-formedness error; our own refusals arrive here too.
    return null;
  }
  if (rootStart < 0) return null;
  const root = out[rootStart];
  if (usesXlink && root !== undefined)
    out[rootStart] = root.replace(rootNamespace, `${rootNamespace} xmlns:xlink="${xlinkNs}"`);
  return out.join('');
}

/** The attribute as it should be written, or null to drop it. */
function keptAttribute(attribute: SaxesAttributeNS, element: string): { name: string; value: string } | null {
  const { uri, local, value } = attribute;
  // Namespace declarations are dropped: the root re-declares svg (and xlink when used).
  if (uri === xmlNs) return local === 'space' || local === 'lang' ? { name: `xml:${local}`, value } : null;
  if (uri === xlinkNs)
    return local === 'href' && isSafeHref(value, element) ? { name: 'xlink:href', value } : null;
  if (uri !== '') return null;
  if (/^on/i.test(local)) return null;
  if (local === 'href') return isSafeHref(value, element) ? { name: 'href', value } : null;
  if (local === 'style') return unsafeStyle.test(value.replace(localUrl, '')) ? null : { name: local, value };
  const isAria = /^aria-[a-z]+$/.test(local);
  if (!isAria && !allowedAttributes.has(local)) return null;
  // Paint, clip, mask, marker and filter references may point inside the document only.
  if (/url\(/i.test(value.replace(localUrl, ''))) return null;
  return { name: local, value };
}

/** A reference inside the document, or on `image` an embedded raster that passes the raster check. */
function isSafeHref(value: string, element: string): boolean {
  const trimmed = value.trim();
  if (localFragment.test(trimmed)) return true;
  if (element !== 'image') return false;
  const match = embeddedRaster.exec(trimmed);
  const mime = match?.[1] as RasterMime | undefined;
  const data = match?.[2]?.replace(/\s+/g, '');
  if (mime === undefined || data === undefined || data.length % 4 !== 0) return false;
  const raster = Buffer.from(data, 'base64');
  return sniffImageType(raster) === mime && isCleanRaster(raster, mime);
}

/** Text: the five XML specials. */
function escapeText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => xmlEscapes[c] ?? c);
}

/** Attribute values: tabs and newlines too, so they survive attribute-value normalisation. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<>"'\t\n\r]/g, (c) => xmlEscapes[c] ?? c);
}

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
