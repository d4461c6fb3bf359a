package dev.crashkit.spark;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Converts a JSON tree into a Spark value of a given type, driven by the schema alone: how the job made
 * its rows before {@link SymbolicatedRow}, kept to check that one against batch's JSON. Objects become rows
 * with fields taken by name, arrays become Scala sequences, a missing or null field becomes null.
 */
final class JsonRows {

    private JsonRows() {
    }

    static Row row(JsonNode object, StructType type) {
        StructField[] fields = type.fields();
        Object[] values = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            values[i] = value(object.get(fields[i].name()), fields[i].dataType());
        }
        return RowFactory.create(values);
    }

    static Object value(JsonNode node, DataType type) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (type instanceof StructType s) {
            return row(node, s);
        }
        if (type instanceof ArrayType a) {
            List<Object> out = new ArrayList<>(node.size());
            for (JsonNode element : node) {
                out.add(value(element, a.elementType()));
            }
            return CollectionConverters.asScala(out); // encoders take Scala sequences, not java.util.List
        }
        if (type.equals(DataTypes.StringType)) {
            return node.asText();
        }
        if (type.equals(DataTypes.LongType)) {
            return node.asLong();
        }
        if (type.equals(DataTypes.IntegerType)) {
            return node.asInt();
        }
        if (type.equals(DataTypes.BooleanType)) {
            return node.asBoolean();
        }
        throw new IllegalArgumentException("no JSON conversion for " + type);
    }
}
