package dev.crashkit.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** Turns a row read back from the job's output into JSON again, to compare it with batch's documents. */
final class RowJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private RowJson() {
    }

    static JsonNode of(Object value, DataType type) {
        if (value == null) {
            return F.nullNode();
        }
        if (type instanceof StructType s) {
            Row row = (Row) value;
            ObjectNode o = F.objectNode();
            StructField[] fields = s.fields();
            for (int i = 0; i < fields.length; i++) {
                o.set(fields[i].name(), of(row.get(i), fields[i].dataType()));
            }
            return o;
        }
        if (type instanceof ArrayType a) {
            ArrayNode arr = F.arrayNode();
            for (Object element : toList(value)) {
                arr.add(of(element, a.elementType()));
            }
            return arr;
        }
        if (type.equals(DataTypes.StringType)) {
            return F.textNode((String) value);
        }
        if (type.equals(DataTypes.LongType)) {
            return F.numberNode((Long) value);
        }
        if (type.equals(DataTypes.IntegerType)) {
            return F.numberNode((Integer) value);
        }
        if (type.equals(DataTypes.BooleanType)) {
            return F.booleanNode((Boolean) value);
        }
        throw new IllegalArgumentException(type.toString());
    }

    private static List<?> toList(Object value) {
        if (value instanceof List<?> l) {
            return l;
        }
        return scala.jdk.javaapi.CollectionConverters.asJava((scala.collection.Seq<?>) value);
    }
}
