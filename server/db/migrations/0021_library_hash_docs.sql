CREATE TABLE "library_hash_docs" (
	"hash" integer PRIMARY KEY NOT NULL,
	"docs" integer NOT NULL
);
--> statement-breakpoint
-- Document frequencies of the fingerprints already stored (one row per distinct hash of a document).
INSERT INTO "library_hash_docs" ("hash", "docs")
SELECT "hash", count(*)::int FROM "library_fingerprints" GROUP BY "hash";
