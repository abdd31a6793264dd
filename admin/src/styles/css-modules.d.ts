// esbuild bundles the style sheets a module imports (for side effects only) into the entry's CSS file.
declare module '*.css';
