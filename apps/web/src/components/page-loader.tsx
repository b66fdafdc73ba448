import css from './page-loader.module.css';
import { Spinner } from './spinner.tsx';

/** Shown while a page's code or first data loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div className={css.frame} data-full-screen={fullScreen}>
      <Spinner label="Loading" />
    </div>
  );
}
