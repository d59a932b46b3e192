/** docs/product.md section 2: Home is active only on an exact match, every other item by path prefix. */
export function isMenuItemActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === "/") return currentPath === "/";
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
