/**
 * An uploaded SVG creative, made safe to keep and serve (issue 51 item 9): parsed as XML by
 * @xmldom/xmldom (which never expands a DTD's entities nor fetches anything) and written out again
 * from an allow-list of static-picture elements and attributes, so that what is stored and served
 * is only markup this module wrote. A pattern check on the text could be fooled (`x:script`, an
 * entity, `&#106;avascript:`); a rebuilt tree cannot.
 *
 * Refused (the route answers 400 on the file field): XML that does not parse (an entity a DTD
 * declares is not expanded, so using one fails here), a root that is not an SVG, and active
 * content that says the file was made to run, not to be looked at: a `script` element in any
 * namespace, an event-handler attribute (`on…`), a `javascript:` value (however encoded).
 *
 * Dropped without a word, since they show nothing in a picture or would reach outside it: any
 * element or attribute not on the lists below (foreignObject and its HTML, iframes, SMIL animation,
 * editors' metadata and namespaces, comments, the DOCTYPE), a link (`href`) that is not a
 * reference inside the file (`#id`) or, on an image, an embedded PNG, JPEG, GIF or WebP, and a
 * style or `url(…)` value that points outside the file. A link element (`a`) is unwrapped.
 */
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const FILTER_PRIMITIVES = [
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];

/** The elements of a static picture. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'switch',
  'title',
  'desc',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  ...FILTER_PRIMITIVES,
]);
/** Elements whose text is kept. */
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath', 'title', 'desc', 'style']);
/** Elements dropped but whose children are kept (a link's picture). */
const UNWRAPPED = new Set(['a']);

/** Attributes without a namespace: geometry, presentation, gradients, clipping, filters. */
const ATTRIBUTES = new Set(
  (
    'id class style transform viewBox preserveAspectRatio width height x y x1 y1 x2 y2 cx cy r rx ry fx fy fr ' +
    'd points pathLength offset version lang systemLanguage ' +
    'fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin ' +
    'stroke-miterlimit stroke-dasharray stroke-dashoffset opacity color display visibility overflow ' +
    'clip-path clip-rule mask filter stop-color stop-opacity font-family font-size font-style font-weight ' +
    'font-variant font-stretch text-anchor dominant-baseline alignment-baseline baseline-shift ' +
    'letter-spacing word-spacing text-decoration writing-mode direction unicode-bidi marker-start ' +
    'marker-mid marker-end paint-order vector-effect shape-rendering text-rendering image-rendering ' +
    'color-interpolation color-interpolation-filters flood-color flood-opacity lighting-color ' +
    'mix-blend-mode isolation dx dy rotate textLength lengthAdjust startOffset method spacing side ' +
    'gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits patternTransform ' +
    'clipPathUnits maskUnits maskContentUnits markerUnits markerWidth markerHeight refX refY orient ' +
    'filterUnits primitiveUnits in in2 result stdDeviation mode type values operator k1 k2 k3 k4 ' +
    'tableValues slope intercept amplitude exponent scale xChannelSelector yChannelSelector radius ' +
    'baseFrequency numOctaves seed stitchTiles surfaceScale diffuseConstant specularConstant ' +
    'specularExponent kernelUnitLength kernelMatrix order divisor bias targetX targetY edgeMode ' +
    'preserveAlpha azimuth elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle'
  ).split(' '),
);

/** A link inside the file, or (on an image) an embedded picture. */
const LOCAL_LINK = /^#[^\s]*$/;
const EMBEDDED_PICTURE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

export class ActiveSvgError extends Error {
  override name = 'ActiveSvgError';
}

/** Whether a value, once decoded, names the javascript: scheme (spaces and controls ignored). */
const isScriptUrl = (value: string) =>
  // eslint-disable-next-line no-control-regex
  /javascript:/i.test(value.replace(/[\s\u0000-\u001f\u007f]+/g, ''));

/** A style (attribute or element) that reaches no further than the file: no import, escapes or outside url(). */
function isContainedStyle(value: string): boolean {
  if (/@import|\\|expression\s*\(|<|behavior\s*:|-moz-binding/i.test(value)) return false;
  return [...value.matchAll(/url\s*\(\s*(['"]?)([^)]*)/gi)].every((match) => (match[2] ?? '').startsWith('#'));
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

function attributesOf(element: Element): string {
  const kept: string[] = [];
  for (let index = 0; index < element.attributes.length; index++) {
    const attribute = element.attributes.item(index);
    if (!attribute) continue;
    const name = attribute.localName ?? attribute.name;
    const value = attribute.value;
    if (/^on/i.test(name)) throw new ActiveSvgError(`an event handler (${attribute.name})`);
    if (isScriptUrl(value)) throw new ActiveSvgError(`a javascript: link (${attribute.name})`);
    const namespace = attribute.namespaceURI;
    if (name === 'href' && (namespace === null || namespace === XLINK_NS)) {
      const link = value.trim();
      if (LOCAL_LINK.test(link) || (element.localName === 'image' && EMBEDDED_PICTURE.test(link)))
        kept.push(`href="${escapeAttribute(link)}"`);
      continue;
    }
    if (namespace === XML_NS && name === 'space') {
      kept.push(`xml:space="${value === 'preserve' ? 'preserve' : 'default'}"`);
      continue;
    }
    if (namespace !== null || !ATTRIBUTES.has(name)) continue;
    if (/url\s*\(/i.test(value) || name === 'style') {
      if (!isContainedStyle(value)) continue;
    }
    kept.push(`${name}="${escapeAttribute(value)}"`);
  }
  return kept.length ? ` ${kept.join(' ')}` : '';
}

function write(node: Node, out: string[], inText: boolean): void {
  // Text and CDATA: kept inside text-bearing elements only.
  if (node.nodeType === 3 || node.nodeType === 4) {
    if (inText) out.push(escapeText(node.nodeValue ?? ''));
    return;
  }
  if (node.nodeType !== 1) return; // comments, processing instructions
  const element = node as Element;
  const name = element.localName ?? element.nodeName;
  if (name.toLowerCase() === 'script') throw new ActiveSvgError(`a script (${element.nodeName})`);
  const isSvg = element.namespaceURI === SVG_NS || element.namespaceURI === null;
  // Attributes are read (and so checked for handlers) even on what is dropped.
  const attributes = attributesOf(element);
  if (!isSvg || !ELEMENTS.has(name)) {
    if (isSvg && UNWRAPPED.has(name)) for (const child of Array.from(element.childNodes)) write(child, out, inText);
    else checkDropped(element);
    return;
  }
  if (name === 'style') {
    const css = element.textContent ?? '';
    if (isContainedStyle(css)) out.push(`<style>${escapeText(css)}</style>`);
    return;
  }
  out.push(`<${name}${name === 'svg' && out.length === 0 ? ` xmlns="${SVG_NS}"` : ''}${attributes}>`);
  for (const child of Array.from(element.childNodes)) write(child, out, TEXT_ELEMENTS.has(name));
  out.push(`</${name}>`);
}

/** A dropped subtree still refuses the file if it holds a script or a handler (it was made to run). */
function checkDropped(element: Element): void {
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType !== 1) continue;
    const inner = child as Element;
    if ((inner.localName ?? inner.nodeName).toLowerCase() === 'script')
      throw new ActiveSvgError(`a script (${inner.nodeName})`);
    attributesOf(inner);
    checkDropped(inner);
  }
}

/**
 * The SVG rebuilt from the allow-list, or null when it is not a readable SVG. Throws
 * ActiveSvgError, naming what it found, for a script, a handler or a javascript: link.
 */
export function cleanSvg(bytes: Buffer): { svg: string; root: Element } | null {
  let failed = false;
  const parser = new DOMParser({
    onError: (level) => {
      if (level !== 'warning') failed = true;
    },
  });
  let document;
  try {
    document = parser.parseFromString(bytes.toString('utf8'), 'image/svg+xml');
  } catch {
    return null;
  }
  const root = document.documentElement;
  if (failed || !root || root.localName !== 'svg' || (root.namespaceURI !== SVG_NS && root.namespaceURI !== null))
    return null;
  const out: string[] = [];
  write(root, out, false);
  return { svg: out.join(''), root };
}
