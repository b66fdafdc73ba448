/** A Material icon drawn as a plain `<svg>` (plain-icons-plugin.ts). */
declare module '@mui/icons-material/*?plain' {
  const Icon: import('./components/plain-icon/plain-icon.tsx').PlainIcon;
  export default Icon;
}
