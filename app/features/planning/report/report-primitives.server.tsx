import { StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";

// The report's type and the small pieces every page uses.
export const styles = StyleSheet.create({
  page: {
    paddingTop: 36,
    paddingHorizontal: 36,
    paddingBottom: 44,
    fontSize: 9.5,
    fontFamily: "Helvetica",
    color: "#0f172a",
    lineHeight: 1.35,
  },
  title: { fontSize: 18, fontFamily: "Helvetica-Bold", lineHeight: 1.25, marginBottom: 6 },
  subtitle: { fontSize: 10, color: "#475569", marginBottom: 14 },
  h2: { fontSize: 12.5, fontFamily: "Helvetica-Bold", marginTop: 14, marginBottom: 6 },
  row: { flexDirection: "row" },
  label: { width: 140, color: "#475569" },
  value: { flex: 1 },
  table: { borderTop: "1 solid #cbd5e1" },
  tr: { flexDirection: "row", borderBottom: "1 solid #e2e8f0", paddingVertical: 3 },
  th: { fontFamily: "Helvetica-Bold" },
  highlight: { backgroundColor: "#f1f5f9", padding: 8, borderRadius: 3, marginTop: 4 },
  small: { fontSize: 8, color: "#475569" },
  strong: { fontFamily: "Helvetica-Bold", marginBottom: 2 },
  photos: { flexDirection: "row", flexWrap: "wrap", gap: 6 },
  footer: {
    position: "absolute",
    bottom: 18,
    left: 36,
    right: 36,
    fontSize: 7.5,
    color: "#64748b",
    flexDirection: "row",
    justifyContent: "space-between",
  },
});

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View style={styles.row}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{children}</Text>
    </View>
  );
}

export function TableRow({ cells, widths, header }: { cells: string[]; widths: number[]; header?: boolean }) {
  return (
    <View style={styles.tr} wrap={false}>
      {cells.map((cell, i) => (
        <Text
          key={i}
          style={[
            { width: `${widths[i]}%`, textAlign: i === 0 ? "left" : "right", paddingRight: 3 },
            header ? styles.th : {},
          ]}
        >
          {cell}
        </Text>
      ))}
    </View>
  );
}

export function Footer({ name }: { name: string }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{`Electrify · ${name}`}</Text>
      <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
    </View>
  );
}
