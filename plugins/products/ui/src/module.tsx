// The products plugin's remote: what the shell loads from /plugins/products/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import './products.css';

const ProductListPage = lazy(() => import('./pages/ProductListPage'));
const ProductViewPage = lazy(() => import('./pages/ProductViewPage'));
const CategoryListPage = lazy(() => import('./pages/CategoryListPage'));
const CategoryViewPage = lazy(() => import('./pages/CategoryViewPage'));
const PosterPage = lazy(() => import('./pages/PosterPage'));

/**
 * Six routes (plugin.toml [ui] routes), each behind the `product` permission (README: every
 * call needs the `product` service and permission): the products, a product or pack, the
 * categories (with one's edit panel open), a category with its products, and the marketing
 * posters (the chooser, and a product's poster: one page).
 */
const products = defineModule({
  id: 'products',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/product/list', Component: ProductListPage, permission: PERMISSION },
    { path: '/product/view/:product_id/:pack', Component: ProductViewPage, permission: PERMISSION },
    { path: '/product/category/list/:category_id', Component: CategoryListPage, permission: PERMISSION },
    { path: '/product/category/view/:category_id', Component: CategoryViewPage, permission: PERMISSION },
    { path: '/marketing/poster/editor', Component: PosterPage, permission: PERMISSION },
    { path: '/marketing/poster/product/:id', Component: PosterPage, permission: PERMISSION },
  ],
});

export default products;
export { products as module };
