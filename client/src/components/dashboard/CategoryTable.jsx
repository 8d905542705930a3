import { Button, Space } from 'antd';

/**
 * CategoryTable lists categories with an Edit and a Delete action each. The Delete of the
 * category whose id is `deleting` spins; while `busy` (a write is under way) the others wait.
 */
export default function CategoryTable({ categories, onEdit, onDelete, deleting = null, busy = false }) {
  return (
    <table className="category-table">
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'left' }}>Name</th>
          <th scope="col" style={{ textAlign: 'left' }}>Actions</th>
        </tr>
      </thead>
      <tbody>
        {categories.map((category) => (
          <tr key={category._id}>
            <td dir="auto">{category.name}</td>
            <td>
              <Space>
                <Button type="primary" aria-label={`Edit ${category.name}`} onClick={() => onEdit(category)}>
                  Edit
                </Button>
                <Button danger className="category-table__delete" aria-label={`Delete ${category.name}`}
                  onClick={() => onDelete(category)}
                  loading={deleting === category._id} disabled={busy && deleting !== category._id}>
                  Delete
                </Button>
              </Space>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
