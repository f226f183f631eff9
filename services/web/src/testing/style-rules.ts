/**
 * styled-components writes every rule into a `<style>` element in the document head, and jsdom
 * parses the whole sheet again at each write and matches it on every `getComputedStyle` that
 * the role queries make: about 40 % of the console tests' time. Most tests look at roles, names
 * and text, not at colours, so their rules go into a `<style>` outside the document, which jsdom
 * leaves alone. A test file that checks what the rules do (colours, layout, what CSS hides)
 * calls `applyStyleRules()` at its top (docs/decisions/067-fast-tests-on-a-fresh-clone.md).
 */
const outsideTheDocument = document.createElement('div');
let inTheDocument = false;

export function applyStyleRules(): void {
  inTheDocument = true;
}

const insertBefore = HTMLHeadElement.prototype.insertBefore;
const appendChild = HTMLHeadElement.prototype.appendChild;

function isStyledSheet(node: Node): boolean {
  return !inTheDocument && node instanceof HTMLStyleElement && node.hasAttribute('data-styled');
}

HTMLHeadElement.prototype.insertBefore = function <T extends Node>(this: HTMLHeadElement, node: T, child: Node | null): T {
  return isStyledSheet(node) ? outsideTheDocument.appendChild(node) : (insertBefore.call(this, node, child) as T);
};
HTMLHeadElement.prototype.appendChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
  return isStyledSheet(node) ? outsideTheDocument.appendChild(node) : (appendChild.call(this, node) as T);
};
