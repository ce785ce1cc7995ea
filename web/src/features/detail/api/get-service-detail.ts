// The query lives in lib/api: the cart layer's purchase dialogs read the same cache entry.
export { serviceDetailKey, serviceDetailQuery } from '../../../lib/api/service-detail';
