import './page-loading.css';

/** Shown while a route's chunk loads; plain CSS so the first paint needs no antd component. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-busy="true">
      <span className="page-loading-dot" />
    </div>
  );
}
