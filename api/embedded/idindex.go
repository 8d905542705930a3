package embedded

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"

	_ "modernc.org/sqlite" // the SQLite driver FerretDB itself uses
)

// FerretDB v1.24.0 keeps each collection in a table with one JSON column, writes every update
// as updateStatement (with the table's name), and deletes by the same expression. Its own _id
// index is on _ferretdb_sjson->"_id", which SQLite does not take for this expression, so every
// update and delete by _id scans its whole table. An index on exactly idExpression makes them
// look the document up instead (measured: 80-340 ms becoming 1-2 ms at 10,000
// products).
const (
	idExpression     = `_ferretdb_sjson->'$._id'`
	updateStatement  = `UPDATE %q SET _ferretdb_sjson = ? WHERE _ferretdb_sjson->'$._id' = ?`
	collectionsTable = "_ferretdb_collections"
	idIndexSuffix    = "_shop_id"
)

// IndexIDs gives every collection of database the index that FerretDB's updates and deletes
// by _id need, and checks that SQLite plans those updates with it. Collections created after
// it runs have none until it runs again: call it once every collection the shop updates
// exists (mongostore's EnsureIndexes does).
func (s *Server) IndexIDs(ctx context.Context, database string) error {
	db, err := s.open(database)
	if err != nil {
		return err
	}
	defer db.Close()
	tables, err := collectionTables(ctx, db)
	if err != nil {
		return err
	}
	for coll, table := range tables {
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (%s)`, table+idIndexSuffix, table, idExpression)
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("index _id of %s: %w", coll, err)
		}
		plan, err := updatePlan(ctx, db, table)
		if err != nil {
			return fmt.Errorf("plan an update of %s: %w", coll, err)
		}
		if !strings.Contains(plan, "USING INDEX "+table+idIndexSuffix) {
			return fmt.Errorf("an update of %s would not use its _id index: %s", coll, plan)
		}
	}
	return nil
}

// UpdatePlans answers, for each collection of database, how SQLite runs FerretDB's update of
// one document by _id (EXPLAIN QUERY PLAN).
func (s *Server) UpdatePlans(ctx context.Context, database string) (map[string]string, error) {
	db, err := s.open(database)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	tables, err := collectionTables(ctx, db)
	if err != nil {
		return nil, err
	}
	plans := make(map[string]string, len(tables))
	for coll, table := range tables {
		if plans[coll], err = updatePlan(ctx, db, table); err != nil {
			return nil, err
		}
	}
	return plans, nil
}

// open opens the SQLite file of database beside FerretDB's own connections.
func (s *Server) open(database string) (*sql.DB, error) {
	db, err := openFile(filepath.Join(s.dir, database+".sqlite"), "")
	if err != nil {
		return nil, fmt.Errorf("open the embedded store's %s: %w", database, err)
	}
	return db, nil
}

// collectionTables maps each collection of the database to its table.
func collectionTables(ctx context.Context, db *sql.DB) (map[string]string, error) {
	rows, err := db.QueryContext(ctx, fmt.Sprintf(`SELECT name, table_name FROM %q`, collectionsTable))
	if err != nil {
		return nil, fmt.Errorf("list the embedded store's collections: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var name, table string
		if err := rows.Scan(&name, &table); err != nil {
			return nil, err
		}
		out[name] = table
	}
	return out, rows.Err()
}

// updatePlan is SQLite's plan of FerretDB's update of one document of table by _id.
func updatePlan(ctx context.Context, db *sql.DB, table string) (string, error) {
	rows, err := db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+fmt.Sprintf(updateStatement, table), "{}", "x")
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var steps []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return "", err
		}
		steps = append(steps, detail)
	}
	return strings.Join(steps, "; "), rows.Err()
}
