import { Route, Routes } from 'react-router-dom';
import { CustomerScreen } from './customer-screen.tsx';
import { CustomerSearchScreen } from './customer-search-screen.tsx';

/** /admin/customers: the search, and one customer at /admin/customers/:id. */
export function CustomersArea() {
  return (
    <Routes>
      <Route index element={<CustomerSearchScreen />} />
      <Route path=":id" element={<CustomerScreen />} />
    </Routes>
  );
}
